// The ledger of a group's notices (issue 41): the paged list with each notice's state, totals per property and per
// owner, repeat dogs per property, and the CSV export in the columns property-management software imports as resident
// charges (property, unit, resident, date, amount, description, reference).
import type { z } from 'zod';
import type { ledgerExportQuery, ledgerQuery } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { fileTimestamp, keysetBatches, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { referenceOf, rowView, stateOf } from './notice-view.ts';
import * as q from './violations.queries.ts';

export async function ledger(ctx: SignedInContext, groupId: number, query: z.output<typeof ledgerQuery>) {
  assertCan(ctx, 'violation.view');
  await loadGroupInScope(ctx, groupId);
  const { rows, total } = await q.ledgerPage(ctx.db, groupId, query.state, query);
  return { data: rows.map((row) => rowView(row)), totalRecords: total };
}

export async function totals(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'violation.view');
  await loadGroupInScope(ctx, groupId);
  const [byProperty, byOwner, repeatDogs] = await Promise.all([
    q.totalsByProperty(ctx.db, groupId),
    q.totalsByOwner(ctx.db, groupId),
    q.repeatDogs(ctx.db, groupId),
  ]);
  return { byProperty, byOwner, repeatDogs };
}

const STATE_WORDS: Record<string, string> = { Overdue: 'overdue', Voided: 'voided', Waived: 'waived' };

/** One row per notice; a waived or voided notice is a charge of 0 so the importing system can reverse its own. */
const CHARGE_COLUMNS: readonly ExportColumn<q.LedgerRow>[] = [
  { header: 'property', value: (r) => r.propertyName },
  { header: 'unit', value: (r) => r.unitNumber ?? '' },
  { header: 'resident', value: (r) => r.ownerName },
  { header: 'date', type: 'date', value: (r) => r.dateIssued },
  {
    header: 'amount',
    type: 'number',
    value: (r) => (r.status === 'Waived' || r.status === 'Voided' ? 0 : r.dueCents / 100),
  },
  {
    header: 'description',
    width: 60,
    value: (r) => {
      const state = stateOf(r);
      const suffix = STATE_WORDS[state] ? ` (${STATE_WORDS[state]})` : state === 'Paid' ? ' (paid)' : '';
      return `Dog waste violation: ${r.petName}, waste sample ${r.wasteSampleNumber}${suffix}`;
    },
  },
  { header: 'reference', value: (r) => referenceOf(r.id) },
];

export async function ledgerExport(
  ctx: SignedInContext,
  groupId: number,
  query: z.output<typeof ledgerExportQuery>,
): Promise<ExportSpec<q.LedgerRow>> {
  assertCan(ctx, 'violation.view');
  const group = await loadGroupInScope(ctx, groupId);
  return {
    fileName: `ResidentCharges_${group.name}_${fileTimestamp()}`,
    sheetName: 'Resident charges',
    columns: CHARGE_COLUMNS,
    totalRows: await q.countLedger(ctx.db, groupId, query.state),
    batches: keysetBatches(
      (after: number | null, limit: number) => q.ledgerBatch(ctx.db, groupId, query.state, after, limit),
      (row) => row.id,
    ),
  };
}
