// Removing a profile's lab-saved genotype (the analyst's genotype over the instrument's calls): the typed calls are the
// profile's genotype again. Saving one is processing.service.ts's addLabSavedGenotype.
import { DnaProfileLabStatus } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { missingMarkers, profileFromCodes, requirePanel } from './panels.ts';
import { genotypesView, logForIndex } from './processing.service.ts';

const { Approved } = DnaProfileLabStatus;
const profileNotFound = () => notFound('DNA profile not found.');

/**
 * Removes the lab-saved genotype: the profile's typed calls are its genotype again (audited; an approved profile's
 * index entry follows). A profile without one is left as it is (nothing to remove is not an error).
 */
export async function removeLabSavedGenotype(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx, txCtx) => {
    const [p] = await q.findProfiles(tx, [id]);
    if (!p) throw profileNotFound();
    if (p.labSavedCodes === null) return genotypesView(p);
    const panel = requirePanel(p.panelId);
    await q.updateProfile(tx, p.id, {
      labSavedCodes: null,
      missingMarkers: missingMarkers(profileFromCodes(panel, p.codes)),
    });
    await writeAudit(tx, ctx, {
      entityType: 'DnaProfileGenotype',
      entityId: p.id,
      actionType: 'Delete',
      before: { labSavedCodes: p.labSavedCodes },
      after: { labSavedCodes: null },
    });
    if (p.labStatus === Approved) await logForIndex(tx, txCtx, [p.id]);
    return genotypesView({ ...p, labSavedCodes: null });
  });
}
