// Which genotypes of indexed profiles "agree" with a query genotype: the modes the candidate searches run in.
// Kept apart from the index so the index and the candidate search both depend on it, not on each other.

import { CMP_DROPOUT, CMP_MATCH, compareCodes, compareWasteCodes } from '../matching/compare.ts';

export const AgreeMode = {
  /** Identical genotype only (the similar-profiles and duplicate searches count exact matches). */
  Exact: 0,
  /** Identical or dropout-consistent either way (two waste samples, or two reference profiles). */
  Consistent: 1,
  /**
   * The query is a waste sample, the indexed profiles are dogs: identical, or the waste sample shows one of the dog's
   * two alleles. Never a waste allele the dog lacks.
   */
  OneSided: 2,
} as const;
export type AgreeMode = (typeof AgreeMode)[keyof typeof AgreeMode];

/** Whether the query genotype (q1, q2) agrees with an indexed genotype (x1, x2) under the mode. */
export function genotypesAgree(q1: number, q2: number, x1: number, x2: number, mode: AgreeMode): boolean {
  const v = mode === AgreeMode.OneSided ? compareWasteCodes(q1, q2, x1, x2) : compareCodes(q1, q2, x1, x2);
  return v === CMP_MATCH || (mode !== AgreeMode.Exact && v === CMP_DROPOUT);
}
