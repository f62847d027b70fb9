// Candidate search over a ProfileIndex: the slots agreeing with a query on at least a given number of markers,
// exactly, reading as few posting-list entries and as few rows of the code array as the bounds allow.

import { isComparable } from '../matching/compare.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { type AgreeMode, genotypesAgree } from './agree-mode.ts';
import type { PairPostings } from './pair-postings.ts';
import type { Posting } from './postings.ts';

/** What the candidate search reads and the scratch it writes: the ProfileIndex provides it (no import back to it). */
export type CandidateSource = {
  readonly panel: Panel;
  readonly stride: number;
  readonly codes: Uint16Array;
  readonly alive: Uint8Array;
  readonly slotCount: number;
  readonly counts: Uint8Array;
  touched: Uint32Array;
  readonly scanFallback: boolean;
  readonly usePairs: boolean;
  readonly pairIndex: PairPostings;
  agreeingKeys(t: number, lo: number, hi: number, mode: AgreeMode): number[];
  agreeingLists(t: number, lo: number, hi: number, mode: AgreeMode): Posting[];
};

/** List entries worth reading per candidate they may spare a direct check (a read is a few ns, a check a cache miss). */
const LIST_READ_FACTOR = 16;

type Called = { t: number; off: number; lo: number; hi: number; lists: Posting[]; total: number };

/**
 * Single-marker strategy (prefix filtering): a profile agreeing on minAgree of the K called markers agrees on at least
 * one of any K - minAgree + 1 of them, so only the most selective K - minAgree + 1 posting lists are read, counting
 * agreements per slot; a few more small lists are then counted for the slots already seen. A slot with c agreements in
 * the R lists read can miss at most c + (K - R) - minAgree of the rest, which are checked directly against its codes.
 * The pair strategy below is tried first.
 */
export function agreeingSlots(ix: CandidateSource, query: DnaProfile, minAgree: number, mode: AgreeMode): Uint32Array {
  const typing = ix.panel.typingMarkers;
  const called: Called[] = [];
  for (let t = 0; t < typing.length; t++) {
    const lo = query.codes[typing[t] * 2];
    const hi = query.codes[typing[t] * 2 + 1];
    if (!isComparable(hi)) continue; // an OL call agrees with nothing, like a no call
    const lists = ix.agreeingLists(t, lo, hi, mode);
    let total = 0;
    for (const p of lists) total += p.length;
    called.push({ t, off: typing[t] * 2, lo, hi, lists, total });
  }
  const k = called.length;
  if (minAgree > k) return new Uint32Array(0);
  if (minAgree <= 0) return scanAgreeing(ix, called, minAgree, mode);
  const byPairs = ix.usePairs ? agreeingByPairs(ix, query, called, minAgree, mode) : null;
  if (byPairs) return byPairs;
  called.sort((a, b) => a.total - b.total);
  const prefixLength = k - minAgree + 1;
  let bound = 0;
  for (let i = 0; i < prefixLength; i++) bound += called[i].total;
  if (ix.scanFallback && bound >= ix.slotCount) return scanAgreeing(ix, called, minAgree, mode);
  if (ix.touched.length < bound) ix.touched = new Uint32Array(Math.max(bound, Math.ceil(ix.touched.length * 1.5)));
  const counts = ix.counts;
  const touched = ix.touched;
  let n = 0;
  for (let i = 0; i < prefixLength; i++) {
    for (const p of called[i].lists) {
      const items = p.items;
      for (let j = 0; j < p.length; j++) {
        const slot = items[j];
        if (counts[slot]++ === 0) touched[n++] = slot;
      }
    }
  }
  // Reading a few more small lists sequentially is far cheaper than checking candidates one by one in the code
  // array (a cache miss each), and every list read raises the count a survivor needs by one.
  let read = prefixLength;
  while (read < k && called[read].total <= LIST_READ_FACTOR * n) {
    for (const p of called[read].lists) {
      const items = p.items;
      for (let j = 0; j < p.length; j++) {
        const slot = items[j];
        if (counts[slot] !== 0) counts[slot]++; // a slot absent from the prefix can never reach minAgree
      }
    }
    read++;
  }
  const need = minAgree - (k - read);
  const out: number[] = [];
  for (let j = 0; j < n; j++) {
    const slot = touched[j];
    const c = counts[slot];
    counts[slot] = 0;
    if (c < need) continue;
    let budget = c - need;
    for (let i = read; i < k && budget >= 0; i++) if (!agrees(ix, slot, called[i], mode)) budget--;
    if (budget >= 0) out.push(slot);
  }
  return Uint32Array.from(out);
}

function agrees(ix: CandidateSource, slot: number, c: Called, mode: AgreeMode): boolean {
  const base = slot * ix.stride + c.off;
  return genotypesAgree(c.lo, c.hi, ix.codes[base], ix.codes[base + 1], mode);
}

/** Whether a slot agrees on at least minAgree of the called markers, giving up at the first miss too many. */
function agreesOnEnough(
  ix: CandidateSource,
  slot: number,
  called: readonly Called[],
  minAgree: number,
  mode: AgreeMode,
): boolean {
  let misses = called.length - minAgree;
  for (const c of called) if (!agrees(ix, slot, c, mode) && --misses < 0) return false;
  return true;
}

function scanAgreeing(ix: CandidateSource, called: readonly Called[], minAgree: number, mode: AgreeMode): Uint32Array {
  const out: number[] = [];
  for (let slot = 0; slot < ix.slotCount; slot++)
    if (ix.alive[slot] === 1 && agreesOnEnough(ix, slot, called, minAgree, mode)) out.push(slot);
  return Uint32Array.from(out);
}

/**
 * Pair strategy: with D = K - minAgree misses allowed, a profile agrees on all but at most D of the query's usable
 * marker pairs (each miss spoils one pair), so it appears in one of any D + 1 pair lists, and after reading R pair
 * lists it must have been counted at least R - D times. Null when the pairs cannot prune (too many misses allowed).
 */
function agreeingByPairs(
  ix: CandidateSource,
  query: DnaProfile,
  called: readonly Called[],
  minAgree: number,
  mode: AgreeMode,
): Uint32Array | null {
  const d = called.length - minAgree;
  const typing = ix.panel.typingMarkers;
  const pairLists: { lists: Posting[]; total: number }[] = [];
  for (let p = 0; p < ix.pairIndex.pairs.length; p++) {
    const [t1, t2] = ix.pairIndex.pairs[p];
    const m1 = typing[t1] * 2;
    const m2 = typing[t2] * 2;
    if (!isComparable(query.codes[m1 + 1]) || !isComparable(query.codes[m2 + 1])) continue;
    const keys1 = ix.agreeingKeys(t1, query.codes[m1], query.codes[m1 + 1], mode);
    const keys2 = ix.agreeingKeys(t2, query.codes[m2], query.codes[m2 + 1], mode);
    const lists: Posting[] = [];
    let total = 0;
    for (const k1 of keys1) {
      for (const k2 of keys2) {
        const key = ix.pairIndex.pairKey(p, k1, k2);
        const list = key < 0 ? undefined : ix.pairIndex.list(p, key);
        if (list && list.length > 0) {
          lists.push(list);
          total += list.length;
        }
      }
    }
    pairLists.push({ lists, total });
  }
  if (pairLists.length <= d) return null;
  pairLists.sort((a, b) => a.total - b.total);
  let bound = 0;
  for (let i = 0; i <= d; i++) bound += pairLists[i].total;
  if (ix.scanFallback && bound >= ix.slotCount) return null;
  if (ix.touched.length < bound) ix.touched = new Uint32Array(Math.max(bound, Math.ceil(ix.touched.length * 1.5)));
  const counts = ix.counts;
  const touched = ix.touched;
  let n = 0;
  for (let i = 0; i <= d; i++) {
    for (const list of pairLists[i].lists) {
      const items = list.items;
      for (let j = 0; j < list.length; j++) {
        const slot = items[j];
        if (counts[slot]++ === 0) touched[n++] = slot;
      }
    }
  }
  let read = d + 1;
  // Reading one more list costs a few ns per entry; verifying a candidate costs a cache miss (~100 ns) and each list
  // read raises the count survivors need. Keep reading while a list is small next to the candidates it can prune.
  while (read < pairLists.length && pairLists[read].total <= LIST_READ_FACTOR * n) {
    for (const list of pairLists[read].lists) {
      const items = list.items;
      for (let j = 0; j < list.length; j++) {
        const slot = items[j];
        if (counts[slot] !== 0) counts[slot]++;
      }
    }
    read++;
  }
  const need = read - d;
  const out: number[] = [];
  for (let j = 0; j < n; j++) {
    const slot = touched[j];
    const c = counts[slot];
    counts[slot] = 0;
    if (c >= need && agreesOnEnough(ix, slot, called, minAgree, mode)) out.push(slot);
  }
  return Uint32Array.from(out);
}
