// Field collection (issue 40): property staff record a waste sample where it lies (photos, the device's position and
// time, the collector), the custody that follows it to the certificate, and the property's collection points.
// A collection creates the waste sample (through the waste samples service), its collection record, its photos and the
// first custody event in one transaction; the photos are stored first and removed again if that transaction fails.
import crypto from 'node:crypto';
import {
  COLLECTION_FUTURE_ALLOWANCE_MS,
  COLLECTION_PAST_LIMIT_MS,
  CustodyEvent,
  GroupTypes,
  Messages,
  WasteSampleReceiptFollowupAction,
  dayBounds,
  labDayOf,
  type CustodyView,
  type FieldCollectionModel,
  type FieldCollectionView,
} from '@registry/contracts';
import type { z } from 'zod';
import type { collectionPointsQuery } from '@registry/contracts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { custodyEvents, recordCustody } from '../../platform/custody.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { filesStoreFor, storedFileUrl } from '../../platform/files.ts';
import { ImageDecodeError, resizedJpeg } from '../../platform/image-resize.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { uploadRefused } from '../../platform/uploads.ts';
import * as waste from '../wastesamples/wastesamples.service.ts';
import * as q from './fieldcollection.queries.ts';

const PHOTO_PARTS = ['photo1', 'photo2', 'photo3'] as const;
const ALREADY_COLLECTED = (sampleNumber: string) => `Sample ${sampleNumber} has already been collected.`;

async function view(
  ctx: SignedInContext,
  row: q.CollectionWithNames,
  propertyName: string | null,
  propertyId: number | null,
): Promise<FieldCollectionView> {
  const photos = await q.photosOf(ctx.db, row.collection.id);
  const c = row.collection;
  return {
    collectionId: c.id,
    clientId: c.clientId,
    wasteSampleId: c.wasteSampleId,
    sampleNumber: row.sampleNumber,
    propertyId,
    propertyName,
    collectedAt: c.collectedAt.toISOString(),
    latitude: c.latitude,
    longitude: c.longitude,
    accuracyMeters: c.accuracyMeters,
    collectedByName: c.collectedByName,
    locationNotes: c.locationNotes,
    recordedBy: row.recordedBy,
    recordedAt: c.recordedAt.toISOString(),
    photos: photos.map((photo) => ({
      photoId: photo.id,
      url: storedFileUrl(photo.resizedName),
      originalUrl: storedFileUrl(photo.originalName),
      sha256: photo.sha256,
      bytes: photo.bytes,
      contentType: photo.contentType,
    })),
  };
}

/** The device's time, refused when it lies ahead of the server's clock by more than the allowance, or a year back. */
function collectionTime(text: string): Date {
  const at = new Date(text);
  const now = Date.now();
  if (at.getTime() > now + COLLECTION_FUTURE_ALLOWANCE_MS)
    throw validationError({ collectedAt: ['The collection time is in the future: check the phone’s clock.'] });
  if (at.getTime() < now - COLLECTION_PAST_LIMIT_MS)
    throw validationError({ collectedAt: ['The collection time is more than a year ago: check the phone’s clock.'] });
  return at;
}

type PreparedPhoto = { position: number; original: UploadedFile; sha256: string; resized: Buffer };

/** Decodes and resizes each photo before anything is stored; a file that does not decode is refused naming its part. */
function preparePhotos(files: Record<string, UploadedFile>): PreparedPhoto[] {
  const prepared: PreparedPhoto[] = [];
  PHOTO_PARTS.forEach((part, index) => {
    const file = files[part];
    if (!file) return;
    let resized: Buffer;
    try {
      resized = resizedJpeg(file.content, file.type).content;
    } catch (error) {
      if (error instanceof ImageDecodeError) throw uploadRefused(part, 'The photo could not be read as an image.');
      throw error;
    }
    prepared.push({
      position: index + 1,
      original: file,
      sha256: crypto.createHash('sha256').update(file.content).digest('hex'),
      resized,
    });
  });
  return prepared;
}

/**
 * Stores a collection. The same device id again answers the record already stored (created: false), so the offline
 * queue may send a sample twice; a sample number already entered or collected is a 400 on sampleNumber.
 */
export async function collect(
  ctx: SignedInContext,
  model: FieldCollectionModel,
  files: Record<string, UploadedFile>,
): Promise<{ collection: FieldCollectionView; created: boolean }> {
  assertCan(ctx, 'fieldCollection.collect');
  const repeated = await q.findByClientId(ctx.db, model.clientId);
  if (repeated) {
    if (repeated.sampleNumber !== model.sampleNumber)
      throw validationError({ clientId: ['This collection id was already used for another sample.'] });
    const { sample, propertyName } = await waste.loadSample(ctx, repeated.collection.wasteSampleId);
    return { collection: await view(ctx, repeated, propertyName, sample.propertyId), created: false };
  }
  const collectedAt = collectionTime(model.collectedAt);
  const property = await loadGroupInScope(ctx, model.propertyId);
  if (property.groupType !== GroupTypes.Property)
    throw validationError({ propertyId: [Messages.wasteSampleNeedsProperty] });
  const photos = preparePhotos(files);
  const store = filesStoreFor(ctx.config);
  const stored: string[] = [];
  let created: q.CollectionRow;
  try {
    const names: { originalName: string; resizedName: string }[] = [];
    for (const photo of photos) {
      const originalName = await store.put(photo.original.content, photo.original.type);
      stored.push(originalName);
      const resizedName = await store.put(photo.resized, 'image/jpeg');
      stored.push(resizedName);
      names.push({ originalName, resizedName });
    }
    const day = labDayOf(collectedAt, ctx.config.labTimeZone);
    created = await withTransaction(ctx, async (tx, txCtx) => {
      const saved = await waste
        .create(txCtx, {
          sampleNumber: model.sampleNumber,
          propertyCollectedFromId: model.propertyId,
          collectionLocationNotes: model.locationNotes,
          bioPetNotes: null,
          collectedByName: model.collectedByName,
          dateCollected: `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`,
          followupAction: WasteSampleReceiptFollowupAction.None,
          followupActionNotes: null,
        })
        .catch((error: unknown) => {
          const state = (error as { body?: { modelState?: Record<string, string[]> } }).body?.modelState;
          if (state?.sampleNumber) throw validationError({ sampleNumber: [ALREADY_COLLECTED(model.sampleNumber)] });
          throw error;
        });
      const collection = await q.insertCollection(tx, {
        clientId: model.clientId,
        wasteSampleId: saved.sample.sampleId,
        collectedAt,
        latitude: model.latitude,
        longitude: model.longitude,
        accuracyMeters: model.accuracyMeters,
        collectedByName: model.collectedByName,
        locationNotes: model.locationNotes,
        recordedById: ctx.caller.userId,
      });
      await q.insertPhotos(
        tx,
        photos.map((photo, i) => ({
          collectionId: collection.id,
          position: photo.position,
          originalName: names[i]!.originalName,
          resizedName: names[i]!.resizedName,
          sha256: photo.sha256,
          bytes: photo.original.content.length,
          contentType: photo.original.type,
        })),
      );
      await recordCustody(tx, txCtx, model.sampleNumber, CustodyEvent.Collected, {
        collectedAt: collectedAt.toISOString(),
        collectedBy: model.collectedByName,
        latitude: model.latitude,
        longitude: model.longitude,
        accuracyMeters: model.accuracyMeters,
        property: property.name,
        photos: photos.map((photo) => photo.sha256).join(' '),
      });
      return collection;
    });
  } catch (error) {
    await Promise.all(stored.map((name) => store.delete(name).catch(() => undefined)));
    throw error;
  }
  const row = await q.findBySampleId(ctx.db, created.wasteSampleId);
  return { collection: await view(ctx, row!, property.name, property.id), created: true };
}

/** The custody of a waste sample in the caller's scope: the collection record (when there is one) and every event. */
export async function custody(ctx: SignedInContext, wasteSampleId: number): Promise<CustodyView> {
  const { sample, propertyName } = await waste.loadSample(ctx, wasteSampleId);
  const row = await q.findBySampleId(ctx.db, sample.id);
  return {
    wasteSampleId: sample.id,
    sampleNumber: sample.sampleNumber,
    collection: row ? await view(ctx, row, propertyName, sample.propertyId) : null,
    events: await custodyEvents(ctx.db, sample.sampleNumber),
    tileUrl: ctx.config.mapTileUrl,
  };
}

/** The collection record of a sample number (the lab receipt shows it); none, or out of scope, is a 404. */
export async function bySampleNumber(ctx: SignedInContext, sampleNumber: string): Promise<FieldCollectionView> {
  const found = await waste.bySampleNumber(ctx, sampleNumber).catch(() => null);
  const row = found ? await q.findBySampleId(ctx.db, found.sampleId) : undefined;
  if (!found || !row) throw notFound('No collection record for this sample.');
  return view(ctx, row, found.propertyCollectedFromName, found.propertyCollectedFromId);
}

/** A property's collection points for the map, within the dates (the lab's days) and of the result asked for. */
export async function points(ctx: SignedInContext, query: z.output<typeof collectionPointsQuery>) {
  const property = await loadGroupInScope(ctx, query.propertyId);
  if (property.groupType !== GroupTypes.Property)
    throw validationError({ propertyId: [Messages.wasteSampleNeedsProperty] });
  const day = (text: string | undefined, end: boolean) => {
    if (!text) return null;
    const [year, month, date] = text.split('-').map(Number) as [number, number, number];
    const bounds = dayBounds({ year, month, day: date }, ctx.config.labTimeZone);
    return end ? new Date(bounds.end.getTime() + 1) : bounds.start;
  };
  const rows = await q.collectionPoints(ctx.db, {
    propertyId: property.id,
    from: day(query.from, false),
    to: day(query.to, true),
    result: query.result,
  });
  return {
    propertyName: property.name,
    tileUrl: ctx.config.mapTileUrl,
    points: rows.map((row) => ({
      ...row,
      collectedAt: row.collectedAt.toISOString(),
      result: row.result as 'Match' | 'NoMatch' | 'Pending',
    })),
  };
}

/** The properties the caller may collect on, for the phone's property picker. */
export async function properties(ctx: SignedInContext) {
  assertCan(ctx, 'fieldCollection.collect');
  return q.propertiesInScope(ctx.db, ctx.caller, GroupTypes.Property);
}
