// The custody summary a certificate prints for a waste sample with a collection record (issue 40): where, by whom and
// when it was collected (the lab's time zone, named), the device's position and its accuracy, the first photo's resized
// copy as a thumbnail with the original's fingerprint, and when the lab received it.
import type { RequestContext } from '../../platform/context.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { dateTimeWithZone } from '../../platform/pdf.ts';
import * as q from './fieldcollection.queries.ts';

type CustodySummary = { rows: [string, string][]; thumbnail: Buffer | null };

/** "40.712800, -74.006000 (within 8.5 m)": decimal degrees as the device gave them, and the accuracy it reported. */
const positionText = (latitude: number, longitude: number, accuracyMeters: number) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)} (within ${Number(accuracyMeters.toFixed(1))} m)`;

/**
 * The summary of the sample's collection, or null when it has none (entered at the lab without one). The caller has
 * already checked that the sample is in the caller's scope. A thumbnail that cannot be read leaves the summary without it.
 */
export async function custodySummary(ctx: RequestContext, wasteSampleId: number): Promise<CustodySummary | null> {
  const found = await q.collectionWithReceipt(ctx.db, wasteSampleId);
  if (!found) return null;
  const { collection, dateReceived } = found;
  const tz = ctx.config.labTimeZone;
  const [photo] = await q.photosOf(ctx.db, collection.id);
  const thumbnail = photo
    ? await filesStoreFor(ctx.config)
        .read(photo.resizedName)
        .catch(() => null)
    : null;
  const rows: [string, string][] = [
    ['Collected at', collection.locationNotes || 'No location notes'],
    ['Collected by', collection.collectedByName],
    ['Collected', dateTimeWithZone(collection.collectedAt, tz)],
    ['Position', positionText(collection.latitude, collection.longitude, collection.accuracyMeters)],
    ['Received at the lab', dateReceived ? dateTimeWithZone(dateReceived, tz) : 'Not yet received'],
  ];
  if (photo) rows.push(['Photo fingerprint (SHA-256)', photo.sha256]);
  return { rows, thumbnail };
}
