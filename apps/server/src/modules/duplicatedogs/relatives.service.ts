// Relatives among the registered dogs (docs/genetics.md "Relatives"): the similar-profiles tool's relatives mode for a
// registered dog, and the ranking any module asks for with a profile of its own (a no-match cluster's waste profile).
import type { z } from 'zod';
import { DEFAULT_RELATIVES_SETTINGS, findRelatives, type DnaProfile, type RelativeHit } from '@registry/genetics';
import { DUPLICATE_MESSAGES, type RelativesGroupsView, type relativeProfilesQuery } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { profileFromCodes, requirePanel } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import * as q from './duplicatedogs.queries.ts';

export type RelativesOptions = {
  maxExcludingMarkers: number;
  /** Leave this approved profile out (the query's own). */
  excludeId?: number;
  /** Only these approved profiles (a property's dogs). */
  subset?: ReadonlySet<number>;
};

/**
 * The possible parents or offspring and possible full siblings of a profile among the approved profiles of its panel,
 * with the dogs' sample numbers and names. The caller has checked the right. Frequencies are the registry index's own.
 */
export async function relativesOfProfile(
  ctx: SignedInContext,
  profile: DnaProfile,
  options: RelativesOptions,
): Promise<RelativesGroupsView> {
  const { index, sampleNumberOf } = await currentIndex(ctx, profile.panel);
  const found = findRelatives(index, profile, {
    maxExcludingMarkers: options.maxExcludingMarkers,
    excludeId: options.excludeId,
    subset: options.subset,
  });
  const all = [...found.parentOffspring, ...found.fullSiblings];
  const numbers = new Map(all.map((h) => [h.id, sampleNumberOf(h.id)]));
  const pets = new Map((await q.petsWithGroup(ctx.db, [...new Set(numbers.values())])).map((p) => [p.sampleNumber, p]));
  const view = (hit: RelativeHit) => {
    const sampleNumber = numbers.get(hit.id) ?? '';
    const pet = pets.get(sampleNumber);
    return {
      sampleNumber,
      petId: pet?.id ?? null,
      petName: pet?.name ?? null,
      dnaProfileId: hit.id,
      relationship: hit.relationship,
      likelihoodRatio: hit.likelihoodRatio,
      parentOffspringRatio: hit.parentOffspringRatio,
      fullSiblingRatio: hit.fullSiblingRatio,
      comparedMarkers: hit.comparedMarkers,
      excludingMarkers: hit.excludingMarkers,
    };
  };
  return {
    parentOffspring: found.parentOffspring.map(view),
    fullSiblings: found.fullSiblings.map(view),
    theta: found.theta,
    minimumLikelihoodRatio: DEFAULT_RELATIVES_SETTINGS.minimumLikelihoodRatio,
    limit: DEFAULT_RELATIVES_SETTINGS.limit,
    maxExcludingMarkers: options.maxExcludingMarkers,
  };
}

/** The similar-profiles tool in relatives mode: a registered dog's possible relatives (optionally one property's). */
export async function relativeProfiles(ctx: SignedInContext, query: z.output<typeof relativeProfilesQuery>) {
  assertCan(ctx, 'dna.view');
  const sampleNumber = query.samplenumber.toUpperCase();
  const stored = await q.approvedProfileOf(ctx.db, sampleNumber);
  if (!stored) throw refused(DUPLICATE_MESSAGES.noApprovedProfile(sampleNumber));
  const profile = profileFromCodes(requirePanel(stored.panelId), stored.codes);
  const subset = query.propertyId
    ? await q.approvedProfileIdsUnderGroup(ctx.db, (await loadGroupInScope(ctx, query.propertyId)).path)
    : undefined;
  const groups = await relativesOfProfile(ctx, profile, {
    maxExcludingMarkers: query.maxexcludingmarkers,
    excludeId: stored.id,
    subset,
  });
  return { sampleNumber, dnaProfileId: stored.id, ...groups };
}
