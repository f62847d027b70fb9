// "Possible relatives of this unknown dog": a no-match cluster's representative waste profile ranked against the
// registered dogs as possible parents or offspring and possible full siblings (docs/genetics.md "Relatives").
import type { z } from 'zod';
import { calledMarkerCount } from '@registry/genetics';
import {
  NO_MATCH_MESSAGES as M,
  NoMatchCandidateStatus as Status,
  type noMatchClusterRelativesQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import { relativesOfProfile } from '../duplicatedogs/relatives.service.ts';
import * as q from './nomatchclusters.queries.ts';

export async function clusterRelatives(ctx: SignedInContext, query: z.output<typeof noMatchClusterRelativesQuery>) {
  assertCan(ctx, 'noMatchCluster.view');
  const cluster = await q.findCluster(ctx.db, query.id);
  if (!cluster) throw notFound(M.clusterNotFound);
  const panel = panels.get(cluster.panelId);
  // The representative: the profile calling the most markers (the most evidence), a denied candidate (the lab said it
  // is not this dog) only when there is no other; ties go to the first by sample number.
  const candidates = (await q.candidatesOfClusters(ctx.db, [cluster.id]))
    .filter((c) => panel && c.panelId === panel.id)
    .map((c) => ({ c, profile: profileFromCodes(panel!, c.codes) }))
    .map((x) => ({ ...x, called: calledMarkerCount(x.profile), denied: x.c.status === Status.Denied }));
  candidates.sort((x, y) => Number(x.denied) - Number(y.denied) || y.called - x.called);
  const representative = candidates[0];
  if (!representative || representative.called === 0) throw refused(M.noWasteProfile);
  const groups = await relativesOfProfile(ctx, representative.profile, {
    maxExcludingMarkers: query.maxexcludingmarkers,
  });
  return {
    clusterId: cluster.id,
    sampleNumber: representative.c.sampleNumber,
    dnaProfileId: representative.c.dnaProfileId,
    calledMarkers: representative.called,
    ...groups,
  };
}
