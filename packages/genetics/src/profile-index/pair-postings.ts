// Posting lists keyed by the genotypes of two markers at once (disjoint marker pairs). A pair list is about the square
// of a single-marker list in selectivity, which is what lets the identity search read a few thousand entries, not 100,000.

import { genotypeKey } from '../alleles.ts';
import { isComparable } from '../matching/compare.ts';
import { type Posting, newPosting, pushPosting, removePosting } from './postings.ts';

export class PairPostings {
  /** Positions in the panel's typingMarkers of each pair's two markers. */
  readonly pairs: readonly (readonly [number, number])[];
  /** Per typing-marker position: genotype key to a small dense id (so two fit in one 32-bit pair key). */
  private readonly gid: Map<number, number>[];
  private readonly lists: Map<number, Posting>[];

  constructor(typingCount: number) {
    const pairs: [number, number][] = [];
    for (let t = 0; t + 1 < typingCount; t += 2) pairs.push([t, t + 1]);
    this.pairs = pairs;
    this.gid = Array.from({ length: typingCount }, () => new Map());
    this.lists = pairs.map(() => new Map());
  }

  private idOf(t: number, key: number, create: boolean): number {
    const ids = this.gid[t];
    let id = ids.get(key);
    if (id === undefined && create) {
      id = ids.size;
      if (id >= 0x10000) throw new Error('more than 65,536 genotypes at one marker');
      ids.set(key, id);
    }
    return id ?? -1;
  }

  /** Pair key of two genotype keys, or -1 when either genotype has never been indexed (nothing can match it). */
  pairKey(p: number, key1: number, key2: number): number {
    const a = this.idOf(this.pairs[p][0], key1, false);
    const b = this.idOf(this.pairs[p][1], key2, false);
    return a < 0 || b < 0 ? -1 : a * 0x10000 + b;
  }

  list(p: number, pairKey: number): Posting | undefined {
    return this.lists[p].get(pairKey);
  }

  private keyAt(p: number, codes: Uint16Array, base: number, typing: readonly number[], create: boolean): number {
    const [t1, t2] = this.pairs[p];
    const hi1 = codes[base + typing[t1] * 2 + 1];
    const hi2 = codes[base + typing[t2] * 2 + 1];
    if (!isComparable(hi1) || !isComparable(hi2)) return -1; // OL is never compared: no posting, like a no call
    const a = this.idOf(t1, genotypeKey(codes[base + typing[t1] * 2], hi1), create);
    const b = this.idOf(t2, genotypeKey(codes[base + typing[t2] * 2], hi2), create);
    return a < 0 || b < 0 ? -1 : a * 0x10000 + b;
  }

  add(slot: number, codes: Uint16Array, base: number, typing: readonly number[]): void {
    for (let p = 0; p < this.pairs.length; p++) {
      const key = this.keyAt(p, codes, base, typing, true);
      if (key < 0) continue;
      let list = this.lists[p].get(key);
      if (!list) this.lists[p].set(key, (list = newPosting()));
      pushPosting(list, slot);
    }
  }

  remove(slot: number, codes: Uint16Array, base: number, typing: readonly number[]): void {
    for (let p = 0; p < this.pairs.length; p++) {
      const key = this.keyAt(p, codes, base, typing, false);
      const list = key < 0 ? undefined : this.lists[p].get(key);
      if (list) removePosting(list, slot);
    }
  }

  /** Bulk load of n slots, lists sized exactly. */
  load(codes: Uint16Array, n: number, stride: number, typing: readonly number[]): void {
    const steps = this.loadSteps(codes, n, stride, typing, Number.POSITIVE_INFINITY);
    while (!steps.next().done);
  }

  /** load in steps: pauses after about `slotsPerStep` slots of work (see ProfileIndex.buildFromCodes). */
  *loadSteps(
    codes: Uint16Array,
    n: number,
    stride: number,
    typing: readonly number[],
    slotsPerStep: number,
  ): Generator<void, void> {
    let work = 0;
    for (let p = 0; p < this.pairs.length; p++) {
      const keys = new Float64Array(n);
      const counts = new Map<number, number>();
      for (let slot = 0; slot < n; slot++) {
        const key = this.keyAt(p, codes, slot * stride, typing, true);
        keys[slot] = key;
        if (key >= 0) counts.set(key, (counts.get(key) ?? 0) + 1);
        if (++work >= slotsPerStep) {
          work = 0;
          yield;
        }
      }
      for (const [key, count] of counts) this.lists[p].set(key, newPosting(count));
      for (let slot = 0; slot < n; slot++) {
        const list = keys[slot] >= 0 ? this.lists[p].get(keys[slot]) : undefined;
        if (list) pushPosting(list, slot);
        if (++work >= slotsPerStep) {
          work = 0;
          yield;
        }
      }
    }
  }

  bytes(): number {
    let bytes = 0;
    for (const lists of this.lists) for (const l of lists.values()) bytes += l.items.byteLength;
    return bytes;
  }
}
