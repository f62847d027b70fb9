// Controls kept per panel (spec 3 §3 "Controls and uploads"): list, create (panel and sample type), delete.
import type { z } from 'zod';
import type { controlCreate, controlsQuery } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { requirePanel } from './panels.ts';

export async function listControls(ctx: SignedInContext, query: z.output<typeof controlsQuery>) {
  assertCan(ctx, 'dna.view');
  return q.listControls(ctx.db, query);
}

export async function createControl(ctx: SignedInContext, body: z.output<typeof controlCreate>) {
  assertCan(ctx, 'dna.manage');
  requirePanel(body.panelId);
  return withTransaction(ctx, async (tx) => {
    const row = await q.insertControl(tx, {
      panelId: body.panelId,
      sampleType: body.sampleType,
      createdBy: ctx.caller.userId,
    });
    await writeAudit(tx, ctx, { entityType: 'DnaControl', entityId: row.id, actionType: 'Create', after: body });
    return { ...row, createdBy: ctx.caller.userName };
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
