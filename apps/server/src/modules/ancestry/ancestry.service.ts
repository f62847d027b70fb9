// Ancestry fulfilment (spec 3 "Ancestry fulfilment"): an ancestry item bought for a dog starts Pending; the lab selects
// the genotype (Ready), confirms activation (Activated), picks (Picked), plates (Plated) and ships with a manifest
// (Shipped), after which the order is ShippedToAncestry. Provider staff only; every change audited.
import {
  AncestryFulfillmentStatus as S,
  AncestryMessages as M,
  OrderStatus,
  WELL_LOCATION_MAX,
  type FulfillmentItem,
  type FulfillmentQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import * as q from './ancestry.queries.ts';

type Row = Awaited<ReturnType<typeof q.fulfilmentsByIds>>[number];

function view(row: Row): FulfillmentItem {
  const f = row.f;
  return {
    id: f.id,
    orderId: row.orderId,
    orderItemId: f.orderItemId,
    petName: row.petName,
    sampleNumber: row.sampleNumber,
    status: f.status,
    selectedGenotypeId: f.selectedGenotypeId,
    dnaProfileId: row.dnaProfileId,
    genotypeSelected: f.selectedGenotypeId !== null,
    bioBankPlateNumber: null,
    bioBankWellLocation: null,
    dnaProcessingCompleted: row.dnaProfileId !== null,
    ancestryPlateNumber: f.ancestryPlateNumber,
    ancestryTubeCode: f.ancestryTubeCode,
    ancestryWellLocation: f.ancestryWellLocation,
    trackingNumber: f.trackingNumber,
    dateCreated: f.dateCreated.toISOString(),
    isFlagged: f.isFlagged,
    flaggedNote: f.flaggedNote,
    isSelected: false,
  };
}

/**
 * For checkout's one statement that writes the order: one Pending fulfilment per ancestry order item of the CTE named
 * `orderItems` (columns id, is_ancestry_product).
 */
export const pendingFulfilmentsOf = (orderItems: string) => q.pendingFulfilmentsSql(orderItems);

export async function list(ctx: SignedInContext, query: FulfillmentQuery) {
  const { rows, total } = await q.fulfilmentsPage(ctx.db, query);
  return { data: rows.map(view), totalRecords: total };
}

export async function countByStatus(ctx: SignedInContext) {
  const counts = new Map((await q.countByStatus(ctx.db)).map((row) => [row.status, row.count]));
  return Object.values(S).map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** Loads the rows, all of them or 404, locked for the change. */
async function load(ctx: SignedInContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await q.fulfilmentsByIds(ctx.db, unique);
  if (rows.length !== unique.length) throw notFound(M.notFound);
  return rows;
}

async function change(
  ctx: SignedInContext,
  ids: number[],
  action: string,
  allowed: number[],
  values: Parameters<typeof q.update>[2],
  wrongStatusMessage?: string,
) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const rows = await load(txCtx, ids);
    if (rows.some((row) => !allowed.includes(row.f.status))) throw refused(wrongStatusMessage ?? M.wrongStatus(action));
    await q.update(
      tx,
      rows.map((row) => row.f.id),
      values,
    );
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'AncestryFulfillment',
      entityId: rows.length === 1 ? rows[0].f.id : null,
      actionType: action,
      before: rows.map((row) => ({ id: row.f.id, status: row.f.status })),
      after: { ids: rows.map((row) => row.f.id), ...values },
    });
    return rows.length;
  });
}

export async function genotypes(ctx: SignedInContext, fulfillmentId: number) {
  const [row] = await load(ctx, [fulfillmentId]);
  if (!row.sampleNumber) return [];
  return (await q.genotypesOf(ctx.db, row.sampleNumber)).map((g) => ({
    id: g.id,
    plateName: g.plateName,
    well: g.well,
    result: g.result,
    labStatus: g.labStatus,
    dateCreated: g.dateCreated.toISOString(),
  }));
}

export async function selectGenotype(ctx: SignedInContext, fulfillmentId: number, genotypeId: number) {
  const options = await genotypes(ctx, fulfillmentId);
  if (!options.some((g) => g.id === genotypeId)) throw refused(M.genotypeNotFound);
  const [row] = await load(ctx, [fulfillmentId]);
  const status = row.f.status === S.Pending ? S.Ready : row.f.status;
  await change(
    ctx,
    [fulfillmentId],
    'SelectGenotype',
    Object.values(S).filter((s) => s !== S.Shipped),
    {
      selectedGenotypeId: genotypeId,
      status,
    },
  );
  return { status };
}

/** Activation is confirmed by staff (no partner activation feed reaches this installation): Ready items become Activated. */
export async function checkActivation(ctx: SignedInContext, ids: number[]) {
  const rows = await load(ctx, ids);
  const ready = rows.filter((row) => row.f.status === S.Ready).map((row) => row.f.id);
  if (ready.length) await change(ctx, ready, 'Activate', [S.Ready], { status: S.Activated });
  const activated = rows.filter((row) => row.f.status === S.Activated).length + ready.length;
  return { count: activated };
}

export async function markPicked(ctx: SignedInContext, ids: number[]) {
  return { count: await change(ctx, ids, 'MarkPicked', [S.Activated], { status: S.Picked }, M.notActivated) };
}

const rowLetter = (index: number) =>
  String.fromCharCode(65 + (index % 26)) + (index >= 26 ? String(Math.floor(index / 26)) : '');
/** Wells in order, row by row: A1, A2 … A{columns}, B1 … */
const wellAt = (index: number, columns: number) => `${rowLetter(Math.floor(index / columns))}${(index % columns) + 1}`;

export async function generatePlate(
  ctx: SignedInContext,
  body: { fulfillmentIds: number[]; plateNumber?: string | null; rows?: number | null; columns?: number | null },
) {
  const missing = [
    ...(!body.plateNumber ? ['plate number'] : []),
    ...(!body.rows ? ['rows'] : []),
    ...(!body.columns ? ['columns'] : []),
  ];
  if (missing.length) throw refused(M.plateMissing(missing));
  const plateNumber = body.plateNumber!;
  const [rows, columns] = [body.rows!, body.columns!];
  return withTransaction(ctx, async (tx, txCtx) => {
    const items = await load(txCtx, body.fulfillmentIds);
    if (items.some((row) => row.f.status !== S.Picked)) throw refused(M.wrongStatus('plated'));
    const used = new Set((await q.onPlate(tx, plateNumber)).map((row) => row.ancestryWellLocation));
    const wells: { fulfillmentId: number; sampleNumber: string | null; well: string }[] = [];
    let index = 0;
    for (const item of items) {
      while (index < rows * columns && used.has(wellAt(index, columns))) index++;
      if (index >= rows * columns) throw refused(M.plateTooSmall);
      const well = wellAt(index++, columns);
      if (well.length > WELL_LOCATION_MAX) throw refused(M.wellTooLong);
      await q.update(tx, [item.f.id], {
        ancestryPlateNumber: plateNumber,
        ancestryWellLocation: well,
        status: S.Plated,
      });
      wells.push({ fulfillmentId: item.f.id, sampleNumber: item.sampleNumber, well });
    }
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'AncestryFulfillment',
      entityId: null,
      actionType: 'GeneratePlate',
      after: { plateNumber, rows, columns, wells },
    });
    return { plateNumber, rows, columns, wells };
  });
}

export async function markPlated(
  ctx: SignedInContext,
  body: { fulfillmentId: number; plateNumber?: string | null; tubeCode?: string | null; wellLocation?: string | null },
) {
  const missing = [
    ...(!body.plateNumber ? ['plate number'] : []),
    ...(!body.tubeCode ? ['tube code'] : []),
    ...(!body.wellLocation ? ['well location'] : []),
  ];
  if (missing.length) throw refused(M.markPlatedMissing(missing));
  const well = body.wellLocation!.toUpperCase();
  if (well.length > WELL_LOCATION_MAX) throw refused(M.wellTooLong);
  const taken = (await q.onPlate(ctx.db, body.plateNumber!)).find(
    (row) => row.ancestryWellLocation === well && row.id !== body.fulfillmentId,
  );
  if (taken) throw refused(M.wellTaken(well));
  await change(ctx, [body.fulfillmentId], 'MarkPlated', [S.Picked, S.Plated], {
    status: S.Plated,
    ancestryPlateNumber: body.plateNumber!,
    ancestryTubeCode: body.tubeCode!,
    ancestryWellLocation: well,
  });
  return { status: S.Plated };
}

/** Back to Activated with plate, tube and well cleared; with shiftUp the later wells of the plate move up one. */
export async function removeFromPlate(ctx: SignedInContext, fulfillmentId: number, shiftUp: boolean) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [row] = await load(txCtx, [fulfillmentId]);
    if (row.f.status !== S.Picked && row.f.status !== S.Plated) throw refused(M.wrongStatus('removed from a plate'));
    const plate = row.f.ancestryPlateNumber;
    await change(txCtx, [fulfillmentId], 'RemoveFromPlate', [S.Picked, S.Plated], {
      status: S.Activated,
      ancestryPlateNumber: null,
      ancestryTubeCode: null,
      ancestryWellLocation: null,
    });
    if (shiftUp && plate && row.f.ancestryWellLocation) {
      const others = (await q.onPlate(tx, plate)).filter((r) => r.ancestryWellLocation);
      const order = (well: string) => {
        const match = /^([A-Z]+)(\d+)$/.exec(well);
        return match ? [match[1].charCodeAt(0), Number(match[2])] : [0, 0];
      };
      const sorted = [...others, { ...row.f }].sort((a, b) => {
        const [ar, ac] = order(a.ancestryWellLocation!);
        const [br, bc] = order(b.ancestryWellLocation!);
        return ar - br || ac - bc;
      });
      const wells = sorted.map((r) => r.ancestryWellLocation!);
      const start = wells.indexOf(row.f.ancestryWellLocation);
      const later = sorted.slice(start + 1);
      for (let i = 0; i < later.length; i++)
        await q.update(tx, [later[i].id], { ancestryWellLocation: wells[start + i] });
    }
    return { status: S.Activated };
  });
}

export async function updateTubeCodes(ctx: SignedInContext, codes: { fulfillmentId: number; tubeCode: string }[]) {
  return withTransaction(ctx, async (tx, txCtx) => {
    await load(
      txCtx,
      codes.map((c) => c.fulfillmentId),
    );
    for (const c of codes) await q.update(tx, [c.fulfillmentId], { ancestryTubeCode: c.tubeCode });
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'AncestryFulfillment',
      entityId: null,
      actionType: 'UpdateTubeCodes',
      after: codes,
    });
    return { count: codes.length };
  });
}

type PlateRecord = { fulfillmentId: number; tubeCode: string; wellLocation: string; plateNumber?: string };

async function applyPlateRecords(ctx: SignedInContext, records: PlateRecord[], plateNumber: string | null) {
  const errors: { row: number; error: string }[] = [];
  let imported = 0;
  for (const [index, record] of records.entries()) {
    try {
      await markPlated(ctx, {
        fulfillmentId: record.fulfillmentId,
        plateNumber: record.plateNumber ?? plateNumber,
        tubeCode: record.tubeCode,
        wellLocation: record.wellLocation,
      });
      imported++;
    } catch (error) {
      errors.push({ row: index + 1, error: (error as Error).message });
    }
  }
  return { imported, errors };
}

export async function bulkUploadPlate(
  ctx: SignedInContext,
  plateNumber: string | null | undefined,
  records: PlateRecord[],
) {
  if (!plateNumber) throw refused(M.plateNumberRequired);
  if (records.length === 0) throw refused('Please select the items to upload.');
  return applyPlateRecords(ctx, records, plateNumber);
}

export async function bulkImportPlate(ctx: SignedInContext, records: (PlateRecord & { sampleNumber: string })[]) {
  return applyPlateRecords(ctx, records, null);
}

export async function generateManifest(ctx: SignedInContext, trackingNumber: string, ids: number[]) {
  if (!trackingNumber) throw refused(M.trackingRequired);
  return withTransaction(ctx, async (tx, txCtx) => {
    const count = await change(txCtx, ids, 'Ship', [S.Plated], {
      status: S.Shipped,
      trackingNumber,
      dateShipped: new Date(),
    });
    await q.markOrdersShipped(tx, await q.orderIdsOf(tx, ids), OrderStatus.ShippedToAncestry);
    return { count };
  });
}

export async function flag(ctx: SignedInContext, fulfillmentId: number, notes: string) {
  if (!notes) throw refused(M.notesRequired);
  await change(ctx, [fulfillmentId], 'Flag', Object.values(S), { isFlagged: true, flaggedNote: notes });
  return { message: 'Fulfillment flagged.' };
}

export async function unflag(ctx: SignedInContext, fulfillmentId: number) {
  await change(ctx, [fulfillmentId], 'Unflag', Object.values(S), { isFlagged: false, flaggedNote: null });
  return { message: 'Fulfillment unflagged.' };
}

/** Fulfilment status per order: a buyer's own orders, any order for staff (customer view shows Processing). */
export async function statusByOrder(ctx: SignedInContext, orderIds: number[]) {
  return q.statusByOrders(ctx.db, orderIds, ctx.caller.isProviderStaff ? null : ctx.caller.userId);
}
