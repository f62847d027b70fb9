// Field collection (issue 40, beyond the spec): the evidence property staff record where a waste sample lies (photos,
// the device's position and time, the collector), the chain of custody that follows the sample to its certificate,
// and the collection points of a property for the "where waste is found" map.
import { z } from 'zod';
import { id, optionalText, requiredText, textField } from './common.ts';
import { wasteSampleNumber } from './samples.ts';

/** How far ahead of the server's clock a device's time may be (phone clocks drift; a later time is a mistake). */
export const COLLECTION_FUTURE_ALLOWANCE_MS = 5 * 60 * 1000;
/** How far back a collection may be dated: a kit is sent within days; a year back is a wrong clock. */
export const COLLECTION_PAST_LIMIT_MS = 365 * 24 * 60 * 60 * 1000;
export const COLLECTION_PHOTOS_MAX = 3;

const coordinate = (max: number, name: string) =>
  z
    .number({ error: `The ${name} must be a number.` })
    .finite()
    .min(-max, `The ${name} must be between -${max} and ${max}.`)
    .max(max, `The ${name} must be between -${max} and ${max}.`);

/** An ISO timestamp with its zone (what a device's clock gives `new Date().toISOString()`). */
const deviceTime = textField(40)
  .trim()
  .refine(
    (text) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
      !Number.isNaN(Date.parse(text)),
    'Must be a date and time with its time zone.',
  );

/** The model part of POST /fieldcollection/collect; the photos are its file parts. */
export const fieldCollectionModel = z.object({
  /** Made by the device when the sample is saved, so a sample sent twice from the offline queue is stored once. */
  clientId: z.uuid('Must be a UUID.'),
  sampleNumber: wasteSampleNumber,
  propertyId: id,
  collectedAt: deviceTime,
  latitude: coordinate(90, 'latitude'),
  longitude: coordinate(180, 'longitude'),
  /** The radius in metres the device reports for its position (95% confidence on most phones). */
  accuracyMeters: z.number().finite().min(0, 'Must be 0 or more.').max(100_000, 'Must be at most 100000.'),
  collectedByName: requiredText(200),
  locationNotes: optionalText(500, { multiline: true }),
});
export type FieldCollectionModel = z.output<typeof fieldCollectionModel>;
export type FieldCollectionModelInput = z.input<typeof fieldCollectionModel>;

export const collectionPhotoView = z.object({
  photoId: z.number().int(),
  /** The resized copy screens show. */
  url: z.string(),
  /** The original as received (the evidence), never changed. */
  originalUrl: z.string(),
  sha256: z.string(),
  bytes: z.number().int(),
  contentType: z.string(),
});

export const fieldCollectionView = z.object({
  collectionId: z.number().int(),
  clientId: z.string(),
  wasteSampleId: z.number().int(),
  sampleNumber: z.string(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  collectedAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyMeters: z.number(),
  collectedByName: z.string(),
  locationNotes: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
  photos: z.array(collectionPhotoView),
});
export type FieldCollectionView = z.infer<typeof fieldCollectionView>;

/** The answer to a collection: the record, and whether this call stored it (false: it was already there). */
export const fieldCollectionSaved = z.object({ collection: fieldCollectionView, created: z.boolean() });

export const CustodyEvent = {
  Collected: 'Collected',
  Received: 'Received',
  Plated: 'Plated',
  Typed: 'Typed',
  ResultApproved: 'ResultApproved',
  CertificateIssued: 'CertificateIssued',
  NoticeSent: 'NoticeSent',
} as const;
export type CustodyEvent = (typeof CustodyEvent)[keyof typeof CustodyEvent];

export const custodyEventView = z.object({
  /** The audit log entry that records the event (its hash chain is what the verification walks). */
  auditId: z.number().int(),
  event: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type CustodyEventView = z.infer<typeof custodyEventView>;

export const custodyView = z.object({
  wasteSampleId: z.number().int(),
  sampleNumber: z.string(),
  collection: fieldCollectionView.nullable(),
  events: z.array(custodyEventView),
  /** The map tile server for the pin, or null: a plain plot. */
  tileUrl: z.string().nullable(),
});
export type CustodyView = z.infer<typeof custodyView>;

export const custodyQuery = z.object({ wasteSampleId: id });
export const collectionBySampleQuery = z.object({ sampleNumber: wasteSampleNumber });

/** A day of the map's window: yyyy-mm-dd, a real calendar day from 2000 to 2999. */
const pointsDay = textField(10).refine((text) => {
  const match = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}, 'Invalid date.');

/** The "where waste is found" map: one property's collection points in a time window, by result. */
export const collectionPointsQuery = z.object({
  propertyId: id,
  from: pointsDay.optional(),
  to: pointsDay.optional(),
  result: z.enum(['Any', 'Match', 'NoMatch', 'Pending']).optional().default('Any'),
});
export const collectionPoint = z.object({
  wasteSampleId: z.number().int(),
  sampleNumber: z.string(),
  collectedAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyMeters: z.number(),
  result: z.enum(['Match', 'NoMatch', 'Pending']),
});
export type CollectionPoint = z.infer<typeof collectionPoint>;
export const collectionPointsResponse = z.object({
  propertyName: z.string(),
  /** The tile server the map draws under the points, or null: then a plain plot, nothing fetched from outside. */
  tileUrl: z.string().nullable(),
  points: z.array(collectionPoint),
});

/** The properties the caller may collect on (the phone keeps them for offline use): at most 500, by name. */
export const collectionProperties = z.array(z.object({ id: z.number().int(), name: z.string() }));
