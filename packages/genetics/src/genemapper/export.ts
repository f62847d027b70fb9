// Writes plates out as GeneMapper "Genotypes" table exports (long or wide, tab or comma, full or minimal columns),
// for demo data, benchmark fixtures and round-trip tests; and UTF-16 bytes as Windows saves them.

import { NO_CALL, alleleText } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';

export type ExportSample = {
  sampleName: string;
  well?: string;
  runName?: string;
  /** Genotypes to write; ignored when `alleles` is given. */
  profile?: DnaProfile;
  /** Explicit allele texts per panel marker index (allelic ladders carry many). */
  alleles?: readonly (readonly string[])[];
};

export type ExportOptions = {
  layout: 'long' | 'wide';
  delimiter: '\t' | ',';
  /** Long layout only: the full GeneMapper column set, or just Sample Name, Marker, Allele 1, Allele 2. */
  columns: 'full' | 'minimal';
  lineEnding: '\r\n' | '\n';
  /** GeneMapper writes a homozygote once (Allele 2 empty); some re-saves repeat it. */
  homozygoteOnce: boolean;
  /** Re-saved by R or pandas: dotted headers (Sample.Name, Allele.1) and NA for empty cells. */
  dottedHeadersAndNA: boolean;
  /** Wide layout column naming: 'FH2054 1' or 'FH2054_A'. */
  wideSuffix: 'number' | 'letter';
  runName: string;
};

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = Object.freeze({
  layout: 'long',
  delimiter: '\t',
  columns: 'full',
  lineEnding: '\r\n',
  homozygoteOnce: true,
  dottedHeadersAndNA: false,
  wideSuffix: 'number',
  runName: 'Run_2026-01-01',
});

const QUALITY = ['ADO', 'AE', 'OS', 'SHP', 'OBA', 'SPA', 'BIN', 'PHR', 'LPH', 'SPU', 'AN', 'BD', 'CC', 'OVL', 'GQ'];

function allelesOf(panel: Panel, s: ExportSample, m: number, homozygoteOnce: boolean): string[] {
  if (s.alleles) return [...(s.alleles[m] ?? [])];
  if (!s.profile) return [];
  const lo = s.profile.codes[m * 2];
  const hi = s.profile.codes[m * 2 + 1];
  if (hi === NO_CALL) return [];
  if (lo === hi && homozygoteOnce) return [alleleText(lo)];
  return [alleleText(lo), alleleText(hi)];
}

function quote(cell: string, delimiter: string): string {
  return cell.includes(delimiter) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function exportGeneMapper(
  panel: Panel,
  samples: readonly ExportSample[],
  options: Partial<ExportOptions> = {},
): string {
  const o = { ...DEFAULT_EXPORT_OPTIONS, ...options };
  const rows: string[][] = [];
  const empty = o.dottedHeadersAndNA ? 'NA' : '';
  const header = (h: string) => (o.dottedHeadersAndNA ? h.replace(/ /g, '.') : h);
  if (o.layout === 'wide') {
    const suffix = o.wideSuffix === 'number' ? [' 1', ' 2'] : ['_A', '_B'];
    rows.push(['Sample Name', ...panel.markers.flatMap((mk) => suffix.map((x) => `${mk.name}${x}`))].map(header));
    for (const s of samples) {
      const cells = [s.sampleName];
      panel.markers.forEach((_, m) => {
        const a = allelesOf(panel, s, m, o.homozygoteOnce);
        cells.push(a[0] ?? empty, a[1] ?? empty);
      });
      rows.push(cells);
    }
  } else {
    const maxAlleles = Math.max(
      2,
      ...samples.flatMap((s) => panel.markers.map((_, m) => allelesOf(panel, s, m, o.homozygoteOnce).length)),
    );
    const nums = Array.from({ length: maxAlleles }, (_, i) => i + 1);
    const full = o.columns === 'full';
    const head = full
      ? [
          'Sample File',
          'Sample Name',
          'Run Name',
          'Panel',
          'Marker',
          'Dye',
          ...nums.map((n) => `Allele ${n}`),
          ...nums.map((n) => `Size ${n}`),
          ...nums.map((n) => `Height ${n}`),
          ...nums.map((n) => `Peak Area ${n}`),
          ...nums.map((n) => `Data Point ${n}`),
          ...QUALITY,
        ]
      : ['Sample Name', 'Marker', ...nums.map((n) => `Allele ${n}`)];
    rows.push(head.map(header));
    const dyes = ['B', 'G', 'Y', 'R'];
    for (const s of samples) {
      const file = `${s.runName ?? o.runName}_${s.sampleName}${s.well ? `_${s.well}` : ''}.fsa`;
      panel.markers.forEach((mk, m) => {
        const a = allelesOf(panel, s, m, o.homozygoteOnce);
        const alleleCells = nums.map((_, i) => a[i] ?? empty);
        if (!full) {
          rows.push([s.sampleName, mk.name, ...alleleCells]);
          return;
        }
        const sizes = nums.map((_, i) => (a[i] && /^\d/.test(a[i]) ? a[i] : empty));
        const heights = nums.map((_, i) => (a[i] ? String(800 + ((m * 131 + i * 57) % 3000)) : empty));
        const areas = heights.map((h) => (h && h !== 'NA' ? `${Number(h) * 6}.0` : empty));
        const points = nums.map((_, i) => (a[i] ? String(2000 + m * 40 + i * 7) : empty));
        rows.push([
          file,
          s.sampleName,
          s.runName ?? o.runName,
          panel.name,
          mk.name,
          dyes[m % 4],
          ...alleleCells,
          ...sizes,
          ...heights,
          ...areas,
          ...points,
          ...QUALITY.map((q) => (q === 'GQ' ? '1.0' : '0.0')),
        ]);
      });
    }
  }
  return rows.map((r) => r.map((c) => quote(c, o.delimiter)).join(o.delimiter)).join(o.lineEnding) + o.lineEnding;
}

/** UTF-16 little-endian with a byte-order mark, as Windows "Unicode" text is saved. */
export function toUtf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + i * 2] = c & 0xff;
    out[3 + i * 2] = c >> 8;
  }
  return out;
}
