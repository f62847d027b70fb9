// The chain of custody of a waste sample (issue 40): each event (collected, received at the lab, plated, typed, result
// approved, certificate issued) is an entry of the one audit log, so its hash chain covers it and a changed or removed
// event fails the audit verification. Modules record their event here, in the transaction that makes the change (waste
// samples only; docs/decisions/field-collection.md says who records what); the custody timeline reads them back in order.
import type { CustodyEvent } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { writeAudits } from './audit.ts';
import type { RequestContext } from './context.ts';
import { custodyEntries } from './custody.queries.ts';

const CUSTODY_ENTITY = 'WasteSampleCustody';

export type CustodyDetails = Record<string, string | number | null>;

/** Appends one custody event of the sample (by its upper-cased number) to the audit chain, in `tx`. */
export async function recordCustody(
  tx: Db,
  ctx: Pick<RequestContext, 'caller' | 'requestId'>,
  sampleNumber: string,
  event: CustodyEvent,
  details: CustodyDetails,
): Promise<void> {
  await recordCustodyEvents(tx, ctx, [{ sampleNumber, event, details }]);
}

export type CustodyRecord = { sampleNumber: string; event: CustodyEvent; details: CustodyDetails };

/** Appends several custody events in their order (a plate's waste samples), in `tx`. */
export async function recordCustodyEvents(
  tx: Db,
  ctx: Pick<RequestContext, 'caller' | 'requestId'>,
  records: readonly CustodyRecord[],
): Promise<void> {
  await writeAudits(
    tx,
    ctx,
    records.map((record) => ({
      entityType: CUSTODY_ENTITY,
      entityId: record.sampleNumber.toUpperCase(),
      actionType: record.event,
      after: record.details,
    })),
  );
}

/** The sample's custody events, oldest first, as the audit log holds them. */
export async function custodyEvents(db: Db, sampleNumber: string) {
  const rows = await custodyEntries(db, CUSTODY_ENTITY, sampleNumber.toUpperCase());
  return rows.map((row) => ({
    auditId: row.id,
    event: row.actionType,
    at: row.dateCreated.toISOString(),
    by: row.userName,
    details: plainDetails(row.after),
  }));
}

function plainDetails(value: unknown): CustodyDetails {
  if (!value || typeof value !== 'object') return {};
  const details: CustodyDetails = {};
  for (const [key, each] of Object.entries(value))
    details[key] = typeof each === 'string' || typeof each === 'number' ? each : each === null ? null : String(each);
  return details;
}
