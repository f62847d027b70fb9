// Uploaded plates (/tools/platefiles, spec 3 §7): the list with its filters and sorts, rename, the GeneMapper file
// downloaded again, the product-by-plate report (JSON and CSV) and the sample management plates widget.
import type { z } from 'zod';
import {
  DNA_MESSAGES,
  labStatusWords,
  SampleType,
  usDateBounds,
  plateNotFoundMessage,
  type platesQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { HttpError, notFound, refused } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { panelName, panels } from './panels.ts';

export async function listPlates(ctx: SignedInContext, query: z.output<typeof platesQuery>) {
  assertCan(ctx, 'dna.view');
  const panelIds = query.panelNameFilter
    ? panels
        .list()
        .filter((p) => `${p.name} ${p.id}`.toLowerCase().includes(query.panelNameFilter!.toLowerCase()))
        .map((p) => p.id)
    : null;
  const page = await q.searchPlates(ctx.db, {
    ...query,
    panelIds,
    // The lab's day, as the list shows it (not UTC's).
    dateCreatedBounds: query.dateCreatedFilter ? usDateBounds(query.dateCreatedFilter, ctx.config.labTimeZone) : null,
  });
  return { totalRecords: page.totalRecords, data: page.data.map((p) => ({ ...p, panelName: panelName(p.panelId) })) };
}

export async function renamePlate(ctx: SignedInContext, id: number, plateName: string) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx) => {
    const plate = await q.findPlate(tx, id);
    if (!plate) throw notFound(DNA_MESSAGES.plateNotFound);
    if (await q.plateNameTaken(tx, plateName, id)) throw refused(DNA_MESSAGES.plateRenameFailed);
    await q.renamePlate(tx, id, plateName);
    await writeAudit(tx, ctx, {
      entityType: 'DnaPlate',
      entityId: id,
      actionType: 'Update',
      before: { plateName: plate.plateName },
      after: { plateName },
    });
    const page = await q.searchPlates(tx, { page: 1, pageSize: 1, plateNameFilter: plateName });
    const row = page.data.find((p) => p.id === id)!;
    return { ...row, panelName: panelName(row.panelId) };
  });
}

/** The stored GeneMapper export and the name it was uploaded under. */
export async function plateFile(ctx: SignedInContext, plate: { id?: number; plateName?: string }) {
  assertCan(ctx, 'dna.view');
  const row = plate.id ? await q.findPlate(ctx.db, plate.id) : await q.findPlateByName(ctx.db, plate.plateName!);
  if (!row) throw plateNotFound(plate.plateName);
  const content = await filesStoreFor(ctx.config).read(row.filePath);
  if (!content) throw notFound('The plate file is missing from the files store.');
  return { content, fileName: row.fileName };
}

const plateNotFound = (plateName?: string) =>
  new HttpError(404, {
    message: DNA_MESSAGES.plateNotFound,
    ...(plateName ? { exceptionMessage: plateNotFoundMessage(plateName) } : {}),
  });

const labStatusName = (value: number) => labStatusWords(value);

export async function productByPlate(ctx: SignedInContext, plateName: string) {
  assertCan(ctx, 'dna.view');
  const plate = await q.findPlateByName(ctx.db, plateName);
  if (!plate) throw plateNotFound(plateName);
  const profiles = await q.profilesOfPlate(ctx.db, plate.id);
  return {
    plateName: plate.plateName,
    rows: profiles.map((p) => ({
      well: p.well,
      sampleNumber: p.sampleNumber,
      sampleType: p.sampleType === SampleType.Pet ? 'Pet' : 'Waste sample',
      // Pet swabs are registry (PooPrints) profiles; waste samples are matched against them.
      product: 'PooPrints',
      result: p.result,
      labStatus: labStatusName(p.labStatus),
    })),
  };
}

export async function samplePlates(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'dna.view');
  return q.profilesOfSample(ctx.db, sampleNumber.toUpperCase());
}
