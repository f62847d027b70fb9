// One call for the upload screen: parse the file, build and validate every sample's profile, check the controls.

import type { BinSet } from '../bins.ts';
import type { Panel } from '../panels.ts';
import { panelDefaultBins } from '../species.ts';
import { type ControlsOptions, type ControlsValidation, validateControls } from './controls.ts';
import { type Layout, type ParseError, type ParseOptions, parseGeneMapper } from './parse.ts';
import { binCalls, otherSpeciesPanel, unknownMarkerErrors } from './plate-checks.ts';
import { SampleKind } from './sample-name.ts';
import type { Encoding } from './text.ts';
import { type BadSample, type SampleProfile, type ValidationSettings, validatePlateProfiles } from './validate.ts';
import { parseWell, plateSizeOf } from './wells.ts';

export type PlateImportOptions = Partial<ControlsOptions> &
  Partial<Omit<ValidationSettings, 'plateWrongSpecies'>> &
  Partial<ParseOptions> & {
    /** The lab's bins for the panel (parseBinFile, binSetFromAlleles); default: the panel's own. The plate's ladder is added. */
    bins?: BinSet;
    /** Panels consulted to recognise another species' marker set (default: the built-in panels). */
    otherPanels?: readonly Panel[];
  };

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
  /** The bins the calls were judged against (the panel's, widened by the plate's ladder). */
  binSource: string;
  /** Set when the plate's markers or gender pattern show another species than the panel's: every sample fails. */
  wrongSpecies?: { reason: string };
};

export type PlateImportResult = { ok: true; plate: PlateImport } | { ok: false; errors: ParseError[] };

export function importGeneMapperPlate(
  input: string | Uint8Array,
  panel: Panel,
  options: PlateImportOptions = {},
): PlateImportResult {
  const parsed = parseGeneMapper(input, options);
  if (!parsed.ok) return parsed;
  let wrongSpecies: { reason: string } | undefined;
  const other = otherSpeciesPanel(panel, parsed.table.calls, options.otherPanels);
  if (other)
    wrongSpecies = { reason: `the markers are those of panel ${other.name} (${other.species}), not ${panel.species}` };
  else {
    const unknown = unknownMarkerErrors(panel, parsed.table.calls);
    if (unknown.length > 0) return { ok: false, errors: unknown };
  }
  const binned = binCalls(panel, parsed.table.calls, options.bins ?? panelDefaultBins(panel));
  if (!wrongSpecies && binned.calledMarkers > 0 && binned.missedMarkers * 2 > binned.calledMarkers) {
    // Sizes off the bins at most markers: another species if the gender marker says so, else the wrong panel or bins.
    if (binned.unexpectedGender * 2 > binned.genderCalled && binned.genderCalled > 0) {
      wrongSpecies = {
        reason: `the gender marker does not show the ${panel.species} X / X,Y pattern and the sizes do not fit`,
      };
    } else {
      return {
        ok: false,
        errors: [
          {
            line: parsed.table.calls[0].line,
            message: `these sizes do not fit panel ${panel.name}; check the panel chosen`,
          },
        ],
      };
    }
  }
  const table = { ...parsed.table, calls: binned.calls };
  const validation = {
    ...options,
    species: { ...options.species, bins: binned.bins },
    plateWrongSpecies: wrongSpecies !== undefined,
  };
  const { samples, badSampleNumbers, unknownMarkers } = validatePlateProfiles(panel, table, validation);
  const controls = validateControls(samples, options);
  const isSample = (s: SampleProfile) => s.kind === SampleKind.Pet || s.kind === SampleKind.WasteSample;
  const wells = samples
    .flatMap((s) => s.wells)
    .map((w) => parseWell(w))
    .filter((w) => w !== null);
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
      binSource: binned.bins.source,
      ...(wrongSpecies ? { wrongSpecies } : {}),
    },
  };
}
