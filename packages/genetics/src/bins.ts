// A panel's bin set as data: per marker, the allele bins calls are judged against (the lab's bin file, bins entered by
// hand, the plate's allelic ladder, or the built-in default). A call in no bin is an off-ladder allele of its marker.

import { ALLELE_OL, ALLELE_X, NO_CALL, parseAllele } from './alleles.ts';
import type { Panel } from './panels.ts';

/** One bin in allele codes (tenths): calls from lo to hi inclusive fall in it. */
export type Bin = Readonly<{ lo: number; hi: number }>;

export type BinSet = Readonly<{
  panelId: string;
  /** Where the bins came from, for the plate report: 'default', 'bin file', 'entered', plus '+ ladder'. */
  source: string;
  /** Per panel marker (gender markers have none): bins sorted by lo; an empty list accepts every size. */
  markers: readonly (readonly Bin[])[];
}>;

/** Half-width of a bin around an allele given by name (GeneMapper bins are about ±0.5 bp). */
export const BIN_HALF_WIDTH = 0.5;
/** Slack around a marker's size range when the range is the only bin known (sizes drift between instruments). */
export const RANGE_SLACK_BP = 10;

const tenths = (bp: number) => Math.round(bp * 10);

function sorted(bins: Bin[]): Bin[] {
  return bins.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
}

/**
 * The panel's default bins: a marker's listed alleles (`bins`) as ±0.5 bp bins, otherwise its size range widened by
 * 10 bp as one bin. Built-in panels list ranges only, so a lab should import its bin file (parseBinFile).
 */
export function defaultBinSet(panel: Panel): BinSet {
  const markers = panel.markers.map((m): Bin[] => {
    if (m.index === panel.genderMarker) return [];
    if (m.bins && m.bins.length > 0)
      return sorted(m.bins.map((a) => ({ lo: tenths(a - BIN_HALF_WIDTH), hi: tenths(a + BIN_HALF_WIDTH) })));
    if (m.sizeRange)
      return [{ lo: tenths(m.sizeRange[0] - RANGE_SLACK_BP), hi: tenths(m.sizeRange[1] + RANGE_SLACK_BP) }];
    return [];
  });
  return { panelId: panel.id, source: 'default', markers };
}

/** Bins entered by hand: marker name to allele names or sizes ('98', '100.5', ...). Unknown markers throw. */
export function binSetFromAlleles(
  panel: Panel,
  alleles: Readonly<Record<string, readonly string[]>>,
  source = 'entered',
): BinSet {
  const markers: Bin[][] = panel.markers.map(() => []);
  for (const [name, list] of Object.entries(alleles)) {
    const m = panel.markerIndex(name);
    if (m < 0) throw new Error(`marker '${name}' is not on panel ${panel.id}`);
    for (const text of list) {
      const parsed = parseAllele(text);
      if (!parsed.ok || parsed.code === NO_CALL || parsed.code >= ALLELE_X)
        throw new Error(`marker ${name}: bin '${text}' is not a size`);
      markers[m].push({ lo: parsed.code - BIN_HALF_WIDTH * 10, hi: parsed.code + BIN_HALF_WIDTH * 10 });
    }
  }
  return { panelId: panel.id, source, markers: markers.map(sorted) };
}

/**
 * A GeneMapper bin file (Panel Manager export): 'Marker Name<TAB>AHT121...' lines, each followed by bin lines
 * '<allele><TAB><size><TAB><left width><TAB><right width>'. A bin accepts its allele name and its size window.
 * Markers the panel does not have are refused with the line, as is any unreadable bin line.
 */
export function parseBinFile(
  panel: Panel,
  text: string,
): { ok: true; bins: BinSet } | { ok: false; errors: { line: number; message: string }[] } {
  const markers: Bin[][] = panel.markers.map(() => []);
  const errors: { line: number; message: string }[] = [];
  let current = -1;
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const cells = raw.split('\t').map((c) => c.trim());
    if (cells[0] === '' || errors.length >= 50) return;
    if (/^marker name$/i.test(cells[0])) {
      current = panel.markerIndex(cells[1] ?? '');
      if (current < 0)
        errors.push({ line: i + 1, message: `marker '${cells[1] ?? ''}' is not on panel ${panel.name}` });
      return;
    }
    if (/^(version|chemistry kit|panel name|bin set name)$/i.test(cells[0])) return;
    const size = Number(cells[1]);
    const left = Number(cells[2] ?? BIN_HALF_WIDTH);
    const right = Number(cells[3] ?? BIN_HALF_WIDTH);
    const name = parseAllele(cells[0]);
    if (current < 0 || !name.ok || !(size > 0) || !(left >= 0) || !(right >= 0)) {
      errors.push({
        line: i + 1,
        message:
          current < 0 ? 'a bin before any Marker Name line' : 'not a bin line (allele, size, left and right width)',
      });
      return;
    }
    markers[current].push({ lo: tenths(size - left), hi: tenths(size + right) });
    if (name.code !== NO_CALL && name.code < ALLELE_X) markers[current].push({ lo: name.code, hi: name.code });
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, bins: { panelId: panel.id, source: 'bin file', markers: markers.map(sorted) } };
}

/** The bin set widened by the alleles of a plate's allelic ladder (per marker, allele codes). */
export function withLadder(bins: BinSet, ladder: readonly (readonly number[])[]): BinSet {
  const markers = bins.markers.map((list, m) => {
    const extra = (ladder[m] ?? [])
      .filter((c) => c !== NO_CALL && c < ALLELE_X)
      .map((c) => ({ lo: c - BIN_HALF_WIDTH * 10, hi: c + BIN_HALF_WIDTH * 10 }));
    return extra.length === 0 ? list : sorted([...list, ...extra]);
  });
  return { ...bins, source: `${bins.source} + ladder`, markers };
}

/** Whether a numeric allele code falls in a bin of the marker; X, Y and OL are never in a size bin. */
export function inBins(bins: BinSet, marker: number, code: number): boolean {
  if (code === NO_CALL) return true;
  if (code >= ALLELE_X || code === ALLELE_OL) return false;
  const list = bins.markers[marker];
  if (!list || list.length === 0) return true;
  for (const b of list) {
    if (code < b.lo) return false;
    if (code <= b.hi) return true;
  }
  return false;
}
