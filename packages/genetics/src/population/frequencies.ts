// Synthetic per-marker allele frequency distributions, shaped after published size ranges and heterozygosity
// (sources in docs/genetics.md). They are not the published frequency tables; they are realistic stand-ins.

import type { Panel } from '../panels.ts';
import { createRandom, hashString } from './random.ts';

export type AlleleDistribution = Readonly<{
  marker: number;
  /** Allele codes (tenths of a base pair). */
  alleles: readonly number[];
  frequencies: readonly number[];
  /** Cumulative frequencies for sampling, last entry 1. */
  cumulative: Float64Array;
}>;

/** Most alleles a synthetic marker gets; published dog panels report about 6 to 20 per marker. */
const MAX_ALLELES = 16;

function distributionFor(panel: Panel, m: number): AlleleDistribution {
  const marker = panel.markers[m];
  const [lo, hi] = marker.sizeRange ?? [100, 160];
  const step = marker.repeatLength ?? 2;
  const span = Math.floor((hi - lo) / step) + 1;
  const n = Math.max(4, Math.min(MAX_ALLELES, span));
  const stride = Math.max(1, Math.floor(span / n));
  const rng = createRandom(hashString(`${panel.species}:${marker.key}`));
  const alleles: number[] = [];
  for (let i = 0; i < n; i++) alleles.push((lo + i * stride * step) * 10);
  // Unimodal with noise: a bell around a random mode, each allele jittered, as allele ladders of dog STRs look.
  const mode = (0.3 + 0.4 * rng.next()) * (n - 1);
  const width = n * (0.1 + 0.08 * rng.next());
  const weights = alleles.map((_, i) => Math.exp(-(((i - mode) / width) ** 2) / 2) * (0.4 + rng.next()) + 0.004);
  const total = weights.reduce((a, b) => a + b, 0);
  const frequencies = weights.map((w) => w / total);
  const cumulative = new Float64Array(n);
  let acc = 0;
  frequencies.forEach((f, i) => {
    acc += f;
    cumulative[i] = acc;
  });
  cumulative[n - 1] = 1;
  return { marker: m, alleles, frequencies, cumulative };
}

const cache = new WeakMap<Panel, AlleleDistribution[]>();

/** One distribution per typing marker of the panel, in typingMarkers order. Deterministic per species and marker name. */
export function syntheticAlleleDistributions(panel: Panel): readonly AlleleDistribution[] {
  let d = cache.get(panel);
  if (!d) {
    d = panel.typingMarkers.map((m) => distributionFor(panel, m));
    cache.set(panel, d);
  }
  return d;
}

export function sampleAllele(d: AlleleDistribution, u: number): number {
  const c = d.cumulative;
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u < c[mid]) hi = mid;
    else lo = mid + 1;
  }
  return d.alleles[lo];
}

/** Expected heterozygosity 1 - sum p^2, reported in the docs as a sanity check against the published values. */
export function expectedHeterozygosity(d: AlleleDistribution): number {
  return 1 - d.frequencies.reduce((a, p) => a + p * p, 0);
}
