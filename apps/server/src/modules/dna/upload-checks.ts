// The upload's refusals beyond the engine's parse: the same file uploaded before (by content hash), a file of another
// registered panel's species, and a positive control that disagrees with the reference the lab recorded for the panel.
import crypto from 'node:crypto';
import { SampleKind, type DnaProfile, type Panel, type PlateImport } from '@registry/genetics';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../platform/errors.ts';
import { knownPositiveControl } from './controls.queries.ts';
import * as q from './dna.queries.ts';
import { differingMarkers, panels } from './panels.ts';

const UPLOAD_FAILED = 'Upload Failed';

export const contentHashOf = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

/** 400 naming the plate that holds the same bytes (its name, file name and upload date). */
export function duplicateFileError(plate: { plateName: string; fileName: string; dateCreated: Date }) {
  const day = plate.dateCreated.toISOString().slice(0, 10);
  return validationError(
    {
      file: [
        `This file was already uploaded as plate '${plate.plateName}' (file '${plate.fileName}', uploaded ${day}).`,
      ],
    },
    UPLOAD_FAILED,
  );
}

export async function refuseDuplicateContent(db: Db, contentHash: string) {
  const earlier = await q.plateByContentHash(db, contentHash);
  if (earlier) throw duplicateFileError(earlier);
}

/** The constraint a failed statement violated (drizzle wraps the driver's error; PGlite and pg both name it). */
export function violatedConstraint(error: unknown): string | null {
  for (let e = error as { constraint?: string; cause?: unknown; message?: string } | undefined; e;) {
    if (typeof e.constraint === 'string') return e.constraint;
    const named = /constraint "([^"]+)"/.exec(e.message ?? '');
    if (named) return named[1];
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * A file whose markers are another registered panel's is refused as that species (nothing stored), whatever the
 * controls option says: the engine would import it with every sample failing WrongSpeciesForPanel.
 */
export function refuseOtherSpecies(plate: PlateImport) {
  if (!plate.wrongSpecies) return;
  const other = panels.list().find((p) => plate.wrongSpecies!.reason.includes(`panel ${p.name} (${p.species})`));
  const message = other
    ? `this file carries ${other.name} markers; choose that panel`
    : `this file is not of the panel's species: ${plate.wrongSpecies.reason}`;
  throw validationError({ file: [message] }, UPLOAD_FAILED);
}

const positiveControlMessage = (markers: string[]) =>
  `PositiveControl disagrees with its reference at ${markers.join(', ')}`;

/**
 * The plate's control problems with the positive control judged against the stored reference at the markers called on
 * both (a dropout in the control is not a disagreement): the engine's own "does not match its known profile" problem
 * is replaced by this one. Returns the problems as stored and shown, and whether the plate may be stored.
 */
export function controlVerdict(plate: PlateImport, reference: DnaProfile | null, override: boolean) {
  const problems: string[] = [];
  for (const p of plate.controls.problems) {
    if (reference && p.message.startsWith('positive control does not match its known profile')) continue;
    problems.push(p.sampleName ? `${p.sampleName}: ${p.message}` : p.message);
  }
  if (reference) {
    const positives = plate.controlSamples.filter((s) => s.kind === SampleKind.PositiveControl);
    const disagree = [...new Set(positives.flatMap((c) => differingMarkers(c.profile, reference)))];
    if (disagree.length) problems.unshift(positiveControlMessage(disagree));
  }
  const passed = problems.length === 0;
  return { problems, passed, overridden: !passed && override, accepted: passed || override };
}

/** The reference genotype of a panel's positive control, when the lab recorded one. */
export async function positiveControlReference(db: Db, panel: Panel): Promise<DnaProfile | null> {
  const codes = await knownPositiveControl(db, panel.id);
  if (!codes) return null;
  const out = new Uint16Array(panel.markers.length * 2);
  for (let i = 0; i < out.length && i < codes.length; i++) out[i] = codes[i];
  return { panel, codes: out };
}
