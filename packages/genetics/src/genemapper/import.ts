// One call for the upload screen: parse the file, build and validate every sample's profile, check the controls.

import type { Panel } from '../panels.ts';
import { type ControlsOptions, type ControlsValidation, validateControls } from './controls.ts';
import { type Layout, type ParseError, parseGeneMapper } from './parse.ts';
import { SampleKind } from './sample-name.ts';
import type { Encoding } from './text.ts';
import { type BadSample, type SampleProfile, type ValidationSettings, validatePlateProfiles } from './validate.ts';
import { parseWell, plateSizeOf } from './wells.ts';

export type PlateImportOptions = Partial<ControlsOptions> & Partial<ValidationSettings>;

export type PlateImport = {
  panelId: string;
  layout: Layout;
  encoding: Encoding;
  plateSize: 96 | 384;
  /** Pet and waste-sample profiles (controls and ladders are in `controlSamples`). */
  profiles: SampleProfile[];
  controlSamples: SampleProfile[];
  /** Samples whose name is neither a sample number nor a control. */
  unknownSamples: SampleProfile[];
  controls: ControlsValidation;
  /** Whether the plate may be stored: controls passed or were overridden. */
  accepted: boolean;
  badSampleNumbers: BadSample[];
  unknownMarkers: { marker: string; line: number }[];
};

export type PlateImportResult = { ok: true; plate: PlateImport } | { ok: false; errors: ParseError[] };

export function importGeneMapperPlate(input: string | Uint8Array, panel: Panel, options: PlateImportOptions = {}): PlateImportResult {
  const parsed = parseGeneMapper(input);
  if (!parsed.ok) return parsed;
  const { samples, badSampleNumbers, unknownMarkers } = validatePlateProfiles(panel, parsed.table, options);
  const known = new Set(panel.markers.map((m) => m.key));
  if (!parsed.table.calls.some((c) => panel.markerIndex(c.marker) >= 0) && known.size > 0) {
    return { ok: false, errors: [{ line: parsed.table.calls[0].line, message: `no marker in the file belongs to panel ${panel.name}` }] };
  }
  const controls = validateControls(samples, options);
  const isSample = (s: SampleProfile) => s.kind === SampleKind.Pet || s.kind === SampleKind.WasteSample;
  const wells = samples.flatMap((s) => s.wells).map((w) => parseWell(w)).filter((w) => w !== null);
  return {
    ok: true,
    plate: {
      panelId: panel.id,
      layout: parsed.table.layout,
      encoding: parsed.table.encoding,
      plateSize: plateSizeOf(wells),
      profiles: samples.filter(isSample),
      controlSamples: samples.filter((s) => !isSample(s) && s.kind !== SampleKind.Unknown),
      unknownSamples: samples.filter((s) => s.kind === SampleKind.Unknown),
      controls,
      accepted: controls.accepted,
      badSampleNumbers,
      unknownMarkers,
    },
  };
}
