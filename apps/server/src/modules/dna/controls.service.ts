// Controls kept per panel (spec 3 §3 "Controls and uploads"): list, create (panel and sample type; a positive control
// with its reference genotype, typed or taken from an approved profile), delete. Uploads check the plate's positive
// control against the panel's latest reference (upload-checks.ts).
import type { z } from 'zod';
import { ProfileError, encodeProfile, profileEntries } from '@registry/genetics';
import { SampleType, type controlCreate, type controlsQuery } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './controls.queries.ts';
import { approvedProfileOf } from './dna.queries.ts';
import { findPanel, loadLabPanels, panels, profileFromCodes } from './panels.ts';

/** The reference as marker rows; a panel another process defined is loaded first (an unknown one shows none). */
function knownGenotypeView(panelId: string, codes: number[] | null) {
  const panel = codes ? panels.get(panelId) : undefined;
  return panel && codes ? profileEntries(profileFromCodes(panel, codes)) : null;
}

export async function listControls(ctx: SignedInContext, query: z.output<typeof controlsQuery>) {
  assertCan(ctx, 'dna.view');
  const page = await q.listControls(ctx.db, query);
  if (page.data.some((row) => row.knownCodes && !panels.get(row.panelId))) await loadLabPanels(ctx.db);
  return {
    totalRecords: page.totalRecords,
    data: page.data.map(({ knownCodes, ...row }) => ({
      ...row,
      knownGenotype: knownGenotypeView(row.panelId, knownCodes),
    })),
  };
}

/** The reference codes of a new positive control: typed, or the effective genotype of an approved profile. */
async function referenceCodes(ctx: SignedInContext, body: z.output<typeof controlCreate>): Promise<number[] | null> {
  const typed = body.knownGenotype;
  const fromSample = body.knownFromSampleNumber || undefined;
  if (!typed && !fromSample) return null;
  if (typed && !typed.some((g) => g.alleleA || g.alleleB))
    throw validationError({ knownGenotype: ['Type the reference genotype (at least one marker).'] });
  if (body.sampleType !== SampleType.PositiveControl)
    throw validationError({ knownGenotype: ['Only a positive control has a reference genotype.'] });
  if (typed && fromSample)
    throw validationError({ knownFromSampleNumber: ['Type the genotype or name a sample number, not both.'] });
  const panel = await findPanel(ctx.db, body.panelId);
  if (fromSample) {
    const approved = await approvedProfileOf(ctx.db, fromSample.toUpperCase());
    if (!approved)
      throw validationError({ knownFromSampleNumber: [`Sample ${fromSample} has no approved DNA profile.`] });
    if (approved.panelId !== panel.id)
      throw validationError({
        knownFromSampleNumber: [`The approved DNA profile of ${fromSample} is on another panel (${approved.panelId}).`],
      });
    return approved.labSavedCodes ?? approved.codes;
  }
  try {
    const input = Object.fromEntries(typed!.map((g) => [g.marker, [g.alleleA, g.alleleB]]));
    return Array.from(encodeProfile(panel, input).codes);
  } catch (error) {
    if (error instanceof ProfileError) throw validationError({ knownGenotype: [error.message] });
    throw error;
  }
}

export async function createControl(ctx: SignedInContext, body: z.output<typeof controlCreate>) {
  assertCan(ctx, 'dna.manage');
  await findPanel(ctx.db, body.panelId);
  const knownCodes = await referenceCodes(ctx, body);
  return withTransaction(ctx, async (tx) => {
    const row = await q.insertControl(tx, {
      panelId: body.panelId,
      sampleType: body.sampleType,
      knownCodes,
      createdBy: ctx.caller.userId,
    });
    await writeAudit(tx, ctx, {
      entityType: 'DnaControl',
      entityId: row.id,
      actionType: 'Create',
      after: { panelId: body.panelId, sampleType: body.sampleType, knownCodes },
    });
    const { knownCodes: stored, ...rest } = row;
    return { ...rest, createdBy: ctx.caller.userName, knownGenotype: knownGenotypeView(row.panelId, stored) };
  });
}

export async function deleteControl(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx) => {
    const row = await q.deleteControl(tx, id);
    if (!row) throw notFound('Control not found.');
    await writeAudit(tx, ctx, { entityType: 'DnaControl', entityId: id, actionType: 'Delete', before: row });
    return { message: 'Control deleted.' };
  });
}
