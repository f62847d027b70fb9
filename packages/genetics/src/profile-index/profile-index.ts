// In-memory index of the profiles of one panel: columnar allele codes plus posting lists keyed by (marker, genotype).
// Supports add / update / remove of single profiles and candidate generation for identity and similarity searches.
// A genotype with an off-ladder (OL) allele is never compared, so for the searches it is a no call: it has no posting
// and counts among the profile's no-calls. The allele counts for the statistics still hold it as typed.

import { ALLELE_OL, NO_CALL, genotypeKey } from '../alleles.ts';
import { isComparable } from '../matching/compare.ts';
import {
  type AlleleCounts,
  type AlleleFrequencies,
  emptyAlleleCounts,
  frequenciesFromCounts,
  tallyAlleles,
} from '../matching/statistics.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { AgreeMode } from './agree-mode.ts';
import { agreeingSlots } from './candidates.ts';
import { PairPostings } from './pair-postings.ts';
import { type Posting, newPosting, pushPosting, removePosting } from './postings.ts';

export { AgreeMode } from './agree-mode.ts';

export type IndexOptions = {
  scanFallback?: boolean;
  usePairs?: boolean;
  /** Profiles with many no-calls that a search may check one by one rather than loosen its bound for (default 4096). */
  directChecks?: number;
};

export class ProfileIndex {
  readonly panel: Panel;
  /** Codes per panel marker: 2 per marker, stride codes per slot. */
  readonly stride: number;
  codes: Uint16Array;
  private idBySlot: Float64Array;
  /** 1 for a slot holding a profile, 0 for a freed one. */
  alive: Uint8Array;
  private readonly slotOf = new Map<number, number>();
  private free: number[] = [];
  /** Slots handed out so far (freed ones included). */
  used = 0;
  private readonly postings: Map<number, Posting>[];
  /** Per typing marker: allele code to the genotype keys holding it, for dropout-consistent lookups. */
  private readonly keysByAllele: Map<number, Set<number>>[];
  private readonly tally: AlleleCounts;
  /** Slots whose profile has a no call (or OL) at some typing marker (searches that assume full profiles check these apart). */
  private readonly incomplete = new Set<number>();
  /** Typing no-calls (OL included) per slot, and how many held profiles have each number of them. */
  private missing: Uint8Array;
  private readonly missingHistogram: Int32Array;
  /** The frequencies last computed, until the next edit. */
  private frequencies: AlleleFrequencies | null = null;
  readonly pairIndex: PairPostings;
  // Fields below are internal to the index modules (candidates.ts reads them); not part of the public API.
  /** Scratch for searches: agreement counts per slot (always left zeroed after a search). */
  counts: Uint8Array;
  /** Scratch for searches: the slots touched. */
  touched: Uint32Array;
  /** When false, candidates are always read from the posting lists (tests use this to exercise them on small data). */
  readonly scanFallback: boolean;
  /** When false, searches use only the single-marker lists (tests compare both strategies). */
  readonly usePairs: boolean;
  readonly directChecks: number;

  constructor(panel: Panel, capacity = 1024, options: IndexOptions = {}) {
    this.panel = panel;
    this.scanFallback = options.scanFallback ?? true;
    this.usePairs = options.usePairs ?? true;
    this.directChecks = options.directChecks ?? 4096;
    this.stride = panel.markers.length * 2;
    const cap = Math.max(16, capacity);
    this.codes = new Uint16Array(cap * this.stride);
    this.idBySlot = new Float64Array(cap);
    this.alive = new Uint8Array(cap);
    this.missing = new Uint8Array(cap);
    this.missingHistogram = new Int32Array(panel.typingMarkers.length + 1);
    this.counts = new Uint8Array(cap);
    this.touched = new Uint32Array(0);
    this.postings = panel.typingMarkers.map(() => new Map());
    this.keysByAllele = panel.typingMarkers.map(() => new Map());
    this.tally = emptyAlleleCounts(panel);
    this.pairIndex = new PairPostings(panel.typingMarkers.length);
  }

  /**
   * Bulk load: `ids.length` profiles whose codes lie back to back in `codes`. Posting lists are sized exactly, so a
   * million profiles load in one pass without the slack of growing lists one push at a time.
   */
  static fromCodes(panel: Panel, ids: ArrayLike<number>, codes: Uint16Array, options: IndexOptions = {}): ProfileIndex {
    const steps = ProfileIndex.buildFromCodes(panel, ids, codes, options, Number.POSITIVE_INFINITY);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * fromCodes in steps: the generator pauses after about `slotsPerStep` slots of work, so a caller can let other work
   * run between steps (a server loading its index while it answers requests). The finished index is the return value.
   */
  static *buildFromCodes(
    panel: Panel,
    ids: ArrayLike<number>,
    codes: Uint16Array,
    options: IndexOptions = {},
    slotsPerStep = 50_000,
  ): Generator<void, ProfileIndex> {
    const n = ids.length;
    const index = new ProfileIndex(panel, n, options);
    const stride = index.stride;
    if (codes.length < n * stride)
      throw new Error(`expected ${n * stride} codes for ${n} profiles, got ${codes.length}`);
    index.codes.set(codes.subarray(0, n * stride));
    let work = 0;
    const pause = (slots: number) => {
      work += slots;
      if (work < slotsPerStep) return false;
      work = 0;
      return true;
    };
    for (let slot = 0; slot < n; slot++) {
      const id = ids[slot];
      if (!Number.isFinite(id) || index.slotOf.has(id)) throw new Error(`profile id ${id} is missing or repeated`);
      index.slotOf.set(id, slot);
      index.idBySlot[slot] = id;
      index.alive[slot] = 1;
      tallyAlleles(index.tally, index.codes, slot * stride, panel.markers.length, 1);
      let missing = 0;
      for (const m of panel.typingMarkers) if (!isComparable(index.codes[slot * stride + m * 2 + 1])) missing++;
      if (missing > 0) index.incomplete.add(slot);
      index.missing[slot] = missing;
      index.missingHistogram[missing]++;
      if (pause(1)) yield;
    }
    index.used = n;
    const typing = panel.typingMarkers;
    // The marker loops are cheap per slot: a step covers several times as many slots.
    const light = 8;
    for (let t = 0; t < typing.length; t++) {
      const off = typing[t] * 2;
      const counts = new Map<number, number>();
      for (let slot = 0; slot < n; slot++) {
        const hi = index.codes[slot * stride + off + 1];
        if (isComparable(hi)) {
          const key = genotypeKey(index.codes[slot * stride + off], hi);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        if (slot % light === 0 && pause(1)) yield;
      }
      const lists = index.postings[t];
      for (const [key, count] of counts) {
        lists.set(key, newPosting(count));
        const byAllele = index.keysByAllele[t];
        for (const a of [Math.floor(key / 0x10000), key % 0x10000]) {
          let keys = byAllele.get(a);
          if (!keys) byAllele.set(a, (keys = new Set()));
          keys.add(key);
        }
      }
      for (let slot = 0; slot < n; slot++) {
        const hi = index.codes[slot * stride + off + 1];
        if (isComparable(hi)) {
          const list = lists.get(genotypeKey(index.codes[slot * stride + off], hi));
          if (list) pushPosting(list, slot);
        }
        if (slot % light === 0 && pause(1)) yield;
      }
    }
    yield* index.pairIndex.loadSteps(
      index.codes,
      n,
      stride,
      typing,
      Math.max(1, Math.floor(slotsPerStep / light) * light),
    );
    return index;
  }

  /** Number of profiles held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots in use (including freed ones awaiting reuse); scans loop to this bound. */
  get slotCount(): number {
    return this.used;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  idAt(slot: number): number {
    return this.idBySlot[slot];
  }

  isLive(slot: number): boolean {
    return this.alive[slot] === 1;
  }

  /** Slots of profiles with a no call at some typing marker. */
  incompleteSlots(): IterableIterator<number> {
    return this.incomplete.values();
  }

  /** Typing no-calls (OL included) of the profile in a slot. */
  missingAt(slot: number): number {
    return this.missing[slot];
  }

  /** The fewest no-calls u such that at most `maxAbove` held profiles have more than u. */
  missingCutoff(maxAbove: number): number {
    let above = 0;
    for (let u = this.missingHistogram.length - 1; u > 0; u--) {
      if (above + this.missingHistogram[u] > maxAbove) return u;
      above += this.missingHistogram[u];
    }
    return 0;
  }

  slotFor(id: number): number {
    return this.slotOf.get(id) ?? -1;
  }

  private grow(minSlots: number): void {
    let cap = this.idBySlot.length;
    if (minSlots <= cap) return;
    while (cap < minSlots) cap = Math.ceil(cap * 1.5);
    const codes = new Uint16Array(cap * this.stride);
    codes.set(this.codes);
    this.codes = codes;
    const ids = new Float64Array(cap);
    ids.set(this.idBySlot);
    this.idBySlot = ids;
    const alive = new Uint8Array(cap);
    alive.set(this.alive);
    this.alive = alive;
    const missing = new Uint8Array(cap);
    missing.set(this.missing);
    this.missing = missing;
    this.counts = new Uint8Array(cap);
  }

  private post(slot: number, add: boolean): void {
    const typing = this.panel.typingMarkers;
    const base = slot * this.stride;
    let missing = 0;
    for (let t = 0; t < typing.length; t++) {
      const lo = this.codes[base + typing[t] * 2];
      const hi = this.codes[base + typing[t] * 2 + 1];
      if (!isComparable(hi)) {
        missing++;
        continue;
      }
      const key = genotypeKey(lo, hi);
      const lists = this.postings[t];
      if (add) {
        let p = lists.get(key);
        if (!p) {
          p = newPosting();
          lists.set(key, p);
          const byAllele = this.keysByAllele[t];
          for (const a of [lo, hi]) {
            let keys = byAllele.get(a);
            if (!keys) byAllele.set(a, (keys = new Set()));
            keys.add(key);
          }
        }
        pushPosting(p, slot);
      } else {
        const p = lists.get(key);
        if (p) removePosting(p, slot);
      }
    }
    if (add) this.pairIndex.add(slot, this.codes, base, typing);
    else this.pairIndex.remove(slot, this.codes, base, typing);
    if (add && missing > 0) this.incomplete.add(slot);
    else this.incomplete.delete(slot);
    this.missing[slot] = add ? missing : 0;
    this.missingHistogram[missing] += add ? 1 : -1;
    this.frequencies = null;
    tallyAlleles(this.tally, this.codes, base, this.panel.markers.length, add ? 1 : -1);
  }

  private checkPanel(profile: DnaProfile): void {
    if (profile.panel.id !== this.panel.id)
      throw new Error(`profile is on panel ${profile.panel.id}, index holds ${this.panel.id}`);
  }

  /** Adds a profile, or replaces the genotypes of an id already held. */
  upsert(id: number, profile: DnaProfile): void {
    this.checkPanel(profile);
    this.upsertCodes(id, profile.codes, 0);
  }

  /** As upsert, reading `stride` codes at `offset` (bulk loads from generated or stored arrays). */
  upsertCodes(id: number, codes: Uint16Array, offset: number): void {
    if (!Number.isFinite(id)) throw new Error(`profile id must be a number, got ${id}`);
    let slot = this.slotOf.get(id);
    if (slot !== undefined) this.post(slot, false);
    else {
      slot = this.free.pop() ?? this.used++;
      this.grow(this.used);
      this.slotOf.set(id, slot);
      this.idBySlot[slot] = id;
      this.alive[slot] = 1;
    }
    this.codes.set(codes.subarray(offset, offset + this.stride), slot * this.stride);
    this.post(slot, true);
  }

  remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.post(slot, false);
    this.codes.fill(NO_CALL, slot * this.stride, (slot + 1) * this.stride);
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.free.push(slot);
    return true;
  }

  /** Bytes held in typed arrays (codes, ids, flags, posting lists); Map and object overhead comes on top. */
  typedArrayBytes(): number {
    let bytes =
      this.codes.byteLength +
      this.idBySlot.byteLength +
      this.alive.byteLength +
      this.counts.byteLength +
      this.touched.byteLength;
    for (const lists of this.postings) for (const p of lists.values()) bytes += p.items.byteLength;
    return bytes + this.pairIndex.bytes();
  }

  /** A copy of a held profile's codes. */
  profileOf(id: number): DnaProfile | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    return { panel: this.panel, codes: this.codes.slice(slot * this.stride, (slot + 1) * this.stride) };
  }

  /** Ids of the held profiles. */
  ids(): IterableIterator<number> {
    return this.slotOf.keys();
  }

  /** Allele frequencies of the held profiles (kept current on every edit), for match statistics. */
  alleleFrequencies(): AlleleFrequencies {
    this.frequencies ??= frequenciesFromCounts(this.panel, this.tally);
    return this.frequencies;
  }

  /** Genotype keys at typing marker t that agree with the query genotype (lo, hi). */
  agreeingKeys(t: number, lo: number, hi: number, mode: AgreeMode): number[] {
    if (hi === NO_CALL || hi === ALLELE_OL) return []; // not compared: agrees with nothing
    if (mode === AgreeMode.Exact) return [genotypeKey(lo, hi)];
    // A waste sample showing two alleles agrees only with a dog of exactly those two (dropout is one-sided).
    if (mode === AgreeMode.OneSided && lo !== hi) return [genotypeKey(lo, hi)];
    // Heterozygous query: the same pair, or a homozygote of either allele (dropout on the other side).
    if (lo !== hi) return [genotypeKey(lo, hi), genotypeKey(lo, lo), genotypeKey(hi, hi)];
    // Homozygous query (one allele shown): any genotype carrying that allele (genotypes with OL are not indexed).
    return [...(this.keysByAllele[t].get(lo) ?? [])];
  }

  /** Posting lists of genotypes that agree with (lo, hi) at typing marker t. */
  agreeingLists(t: number, lo: number, hi: number, mode: AgreeMode): Posting[] {
    const out: Posting[] = [];
    for (const key of this.agreeingKeys(t, lo, hi, mode)) {
      const p = this.postings[t].get(key);
      if (p) out.push(p);
    }
    return out;
  }

  /**
   * Live slots that agree with the query (match, or with Consistent also dropout-consistent) on at least `minAgree` of
   * its called typing markers; exact, no extras. See candidates.ts for how.
   */
  agreeingSlots(query: DnaProfile, minAgree: number, mode: AgreeMode): Uint32Array {
    this.checkPanel(query);
    return agreeingSlots(this, query, minAgree, mode);
  }
}
