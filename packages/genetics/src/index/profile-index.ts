// In-memory index of the profiles of one panel: columnar allele codes plus posting lists keyed by (marker, genotype).
// Supports add / update / remove of single profiles and candidate generation for identity and similarity searches.

import { ALLELE_OL, NO_CALL, genotypeKey } from '../alleles.ts';
import { type AlleleCounts, type AlleleFrequencies, emptyAlleleCounts, frequenciesFromCounts, tallyAlleles } from '../matching/statistics.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { type Posting, newPosting, pushPosting, removePosting } from './postings.ts';

/** Which genotypes of the indexed profiles "agree" with the query genotype at a marker. */
export const AgreeMode = {
  /** Identical genotype only (the similar-profiles and duplicate searches count exact matches). */
  Exact: 0,
  /** Identical or dropout-consistent (identity search: CODIS moderate stringency). */
  Consistent: 1,
} as const;
export type AgreeMode = (typeof AgreeMode)[keyof typeof AgreeMode];

export class ProfileIndex {
  readonly panel: Panel;
  /** Codes per panel marker: 2 per marker, stride codes per slot. */
  readonly stride: number;
  codes: Uint16Array;
  private idBySlot: Float64Array;
  private alive: Uint8Array;
  private readonly slotOf = new Map<number, number>();
  private free: number[] = [];
  private used = 0;
  private readonly postings: Map<number, Posting>[];
  /** Per typing marker: allele code to the genotype keys holding it, for dropout-consistent lookups. */
  private readonly keysByAllele: Map<number, Set<number>>[];
  private readonly tally: AlleleCounts;
  private seen: Uint32Array;
  private epoch = 0;

  /** When false, candidates are always read from the posting lists (tests use this to exercise them on small data). */
  private readonly scanFallback: boolean;

  constructor(panel: Panel, capacity = 1024, options: { scanFallback?: boolean } = {}) {
    this.panel = panel;
    this.scanFallback = options.scanFallback ?? true;
    this.stride = panel.markers.length * 2;
    const cap = Math.max(16, capacity);
    this.codes = new Uint16Array(cap * this.stride);
    this.idBySlot = new Float64Array(cap);
    this.alive = new Uint8Array(cap);
    this.seen = new Uint32Array(cap);
    this.postings = panel.typingMarkers.map(() => new Map());
    this.keysByAllele = panel.typingMarkers.map(() => new Map());
    this.tally = emptyAlleleCounts(panel);
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
    this.seen = new Uint32Array(cap);
    this.epoch = 0;
  }

  private post(slot: number, add: boolean): void {
    const typing = this.panel.typingMarkers;
    const base = slot * this.stride;
    for (let t = 0; t < typing.length; t++) {
      const lo = this.codes[base + typing[t] * 2];
      const hi = this.codes[base + typing[t] * 2 + 1];
      if (hi === NO_CALL) continue;
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
    tallyAlleles(this.tally, this.codes, base, this.panel.markers.length, add ? 1 : -1);
  }

  private checkPanel(profile: DnaProfile): void {
    if (profile.panel.id !== this.panel.id) throw new Error(`profile is on panel ${profile.panel.id}, index holds ${this.panel.id}`);
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
    return frequenciesFromCounts(this.panel, this.tally);
  }

  /** Posting lists of genotypes that agree with (lo, hi) at typing marker t. */
  agreeingLists(t: number, lo: number, hi: number, mode: AgreeMode): Posting[] {
    const lists = this.postings[t];
    const out: Posting[] = [];
    if (mode === AgreeMode.Exact || lo === ALLELE_OL) {
      if (lo === ALLELE_OL || hi === ALLELE_OL) return out; // OL equals nothing
      const p = lists.get(genotypeKey(lo, hi));
      if (p) out.push(p);
      return out;
    }
    if (lo !== hi) {
      // Heterozygous query: the same pair, or a homozygote of either allele (dropout on the other side).
      for (const key of [genotypeKey(lo, hi), genotypeKey(lo, lo), genotypeKey(hi, hi)]) {
        if (hi === ALLELE_OL && key !== genotypeKey(lo, lo)) continue;
        const p = lists.get(key);
        if (p) out.push(p);
      }
      return out;
    }
    // Homozygous query (one allele shown): any genotype carrying that allele, except a homozygote of OL.
    for (const key of this.keysByAllele[t].get(lo) ?? []) {
      const p = lists.get(key);
      if (p) out.push(p);
    }
    return out;
  }

  /**
   * Slots that agree with the query on at least `minAgree` of its called typing markers, possibly with extras
   * (callers verify exactly). Prefix filtering: a profile agreeing on minAgree of the K called markers must agree on at
   * least one of any K - minAgree + 1 of them, so only the most selective K - minAgree + 1 lists are read.
   * Returns null when the bound gives no pruning and the caller should scan.
   */
  candidates(query: DnaProfile, minAgree: number, mode: AgreeMode): Uint32Array | null {
    this.checkPanel(query);
    const typing = this.panel.typingMarkers;
    const perMarker: { lists: Posting[]; total: number }[] = [];
    for (let t = 0; t < typing.length; t++) {
      const lo = query.codes[typing[t] * 2];
      const hi = query.codes[typing[t] * 2 + 1];
      if (hi === NO_CALL) continue;
      const lists = this.agreeingLists(t, lo, hi, mode);
      let total = 0;
      for (const p of lists) total += p.length;
      perMarker.push({ lists, total });
    }
    const k = perMarker.length;
    if (minAgree <= 0) return null;
    if (minAgree > k) return new Uint32Array(0);
    perMarker.sort((a, b) => a.total - b.total);
    const prefix = perMarker.slice(0, k - minAgree + 1);
    let bound = 0;
    for (const pm of prefix) bound += pm.total;
    if (this.scanFallback && bound >= this.used) return null;
    if (++this.epoch === 0xffffffff) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    const epoch = this.epoch;
    const seen = this.seen;
    const out = new Uint32Array(bound);
    let n = 0;
    for (const pm of prefix) {
      for (const p of pm.lists) {
        const items = p.items;
        for (let i = 0; i < p.length; i++) {
          const slot = items[i];
          if (seen[slot] !== epoch) {
            seen[slot] = epoch;
            out[n++] = slot;
          }
        }
      }
    }
    return out.subarray(0, n);
  }
}
