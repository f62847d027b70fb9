// Plain reference implementations the benchmark measures the engine against: they work on decoded text genotypes,
// the way a straightforward first version would, and must give the same answers.

import { type DnaProfile, ParentageMatchRunResult, decodeProfile } from '../src/index.ts';

type TextProfile = Record<string, [string, string]>;

export function toText(p: DnaProfile): TextProfile {
  return decodeProfile(p);
}

/** Parentage over marker-name maps of allele texts, with the same rules as evaluateParentage. */
export function plainParentage(
  puppy: TextProfile,
  dam: TextProfile,
  sire: TextProfile,
  typing: readonly string[],
  minimumTested: number,
): string {
  let tested = 0;
  let failed = 0;
  for (const marker of typing) {
    const p = puppy[marker];
    const d = dam[marker];
    const s = sire[marker];
    if (!p || !d || !s) continue;
    tested++;
    const has = (x: [string, string], a: string) => a !== 'OL' && x.includes(a);
    const ok = (has(d, p[0]) && has(s, p[1])) || (has(d, p[1]) && has(s, p[0]));
    if (!ok) failed++;
  }
  if (failed >= 2) return ParentageMatchRunResult.Disqualified;
  if (failed > 0 || tested < minimumTested) return ParentageMatchRunResult.Inconclusive;
  return ParentageMatchRunResult.Certified;
}
