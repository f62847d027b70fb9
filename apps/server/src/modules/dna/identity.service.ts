// Identity search through the registry index: a waste sample's stored profile against every approved pet profile,
// with the match statistics from the stored population's allele frequencies (engine floor 5/2N).
import { identifyWasteSample, matchStatistics } from '@registry/genetics';
import { SampleType } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { profileFromCodes, requirePanel } from './panels.ts';
import { currentIndex, registryStatus } from './registry-index.ts';

export async function identitySearch(ctx: SignedInContext, sampleNumberText: string) {
  assertCan(ctx, 'dna.view');
  const sampleNumber = sampleNumberText.toUpperCase();
  const stored = await q.latestProfileOfSample(ctx.db, sampleNumber);
  if (!stored || stored.sampleType !== SampleType.WasteSample) throw notFound('Waste sample profile not found.');
  const panel = requirePanel(stored.panelId);
  const waste = profileFromCodes(panel, stored.labSavedCodes ?? stored.codes);
  const { index, sampleNumberOf } = await currentIndex(ctx, panel);
  const outcome = identifyWasteSample(index, waste);
  const freqs = index.alleleFrequencies();
  return {
    sampleNumber,
    result: outcome.result,
    calledMarkers: outcome.calledMarkers,
    indexSize: index.size,
    matches: outcome.matches.map((m) => ({
      sampleNumber: sampleNumberOf(m.id),
      dnaProfileId: m.id,
      oneInText: matchStatistics(waste, index.profileOf(m.id)!, freqs).oneInText,
    })),
    nearMatches: outcome.nearMatches.map((m) => ({ sampleNumber: sampleNumberOf(m.id), dnaProfileId: m.id })),
  };
}

export function indexStatus(ctx: SignedInContext) {
  assertCan(ctx, 'dna.view');
  const { ready, version, panels } = registryStatus(ctx.config);
  return { ready, version, panels };
}
