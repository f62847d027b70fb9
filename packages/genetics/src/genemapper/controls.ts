// Plate controls: the positive control must show its known profile, the negative control no allele at all, and a
// wrong-species control must not pass as a profile of the panel's species. A failing plate needs the caller's override.

import { NO_CALL, alleleText } from '../alleles.ts';
import type { DnaProfile } from '../profile.ts';
import { SampleKind } from './sample-name.ts';
import { PanelValidationResult, type SampleProfile } from './validate.ts';

export type ControlsOptions = {
  /** The plate is expected to carry a positive control (spec default true). */
  hasPositiveControl: boolean;
  /** The plate is expected to carry a negative control (spec default true). */
  hasNegativeControl: boolean;
  /** The positive control's known genotypes; without it the control only has to give a passing profile. */
  positiveControlProfile?: DnaProfile;
  /** Accept the plate even when the controls fail (the screen asks for confirmation). */
  overrideControlsValidation: boolean;
};

export const DEFAULT_CONTROLS_OPTIONS: ControlsOptions = Object.freeze({
  hasPositiveControl: true,
  hasNegativeControl: true,
  overrideControlsValidation: false,
});

export type ControlProblem = { sampleName: string | null; line: number | null; message: string };

export type ControlsValidation = {
  passed: boolean;
  overridden: boolean;
  /** Passed, or failed and overridden: the plate's sample profiles may be stored. */
  accepted: boolean;
  problems: ControlProblem[];
};

function positiveProblems(c: SampleProfile, known: DnaProfile | undefined): string[] {
  if (!known)
    return c.result === PanelValidationResult.Fail
      ? [`positive control failed validation (${c.failReasons.join(', ')})`]
      : [];
  if (known.panel.id !== c.profile.panel.id)
    return [`the known positive control profile is on panel ${known.panel.id}`];
  const out: string[] = [];
  for (const m of known.panel.typingMarkers) {
    const [k1, k2] = [known.codes[m * 2], known.codes[m * 2 + 1]];
    if (k2 === NO_CALL) continue;
    const [c1, c2] = [c.profile.codes[m * 2], c.profile.codes[m * 2 + 1]];
    if (c1 !== k1 || c2 !== k2) {
      const got = c2 === NO_CALL ? 'no call' : `${alleleText(c1)}/${alleleText(c2)}`;
      out.push(`${known.panel.markers[m].name}: expected ${alleleText(k1)}/${alleleText(k2)}, got ${got}`);
    }
  }
  return out.length ? [`positive control does not match its known profile: ${out.join('; ')}`] : [];
}

export function validateControls(
  samples: readonly SampleProfile[],
  options: Partial<ControlsOptions> = {},
): ControlsValidation {
  const o = { ...DEFAULT_CONTROLS_OPTIONS, ...options };
  const problems: ControlProblem[] = [];
  const of = (kind: SampleKind) => samples.filter((s) => s.kind === kind);
  const positives = of(SampleKind.PositiveControl);
  const negatives = of(SampleKind.NegativeControl);
  if (o.hasPositiveControl && positives.length === 0)
    problems.push({ sampleName: null, line: null, message: 'the plate has no positive control' });
  if (o.hasNegativeControl && negatives.length === 0)
    problems.push({ sampleName: null, line: null, message: 'the plate has no negative control' });
  for (const c of positives) {
    for (const message of positiveProblems(c, o.positiveControlProfile))
      problems.push({ sampleName: c.sampleName, line: c.lines[0], message });
  }
  for (const c of negatives) {
    const called = c.profile.panel.markers
      .filter((_, m) => c.profile.codes[m * 2 + 1] !== NO_CALL)
      .map((mk) => mk.name);
    if (called.length)
      problems.push({
        sampleName: c.sampleName,
        line: c.lines[0],
        message: `negative control has alleles at ${called.join(', ')}`,
      });
  }
  for (const c of of(SampleKind.WrongSpeciesControl)) {
    if (c.result !== PanelValidationResult.Fail) {
      problems.push({
        sampleName: c.sampleName,
        line: c.lines[0],
        message: 'wrong-species control gave a usable profile for this panel',
      });
    }
  }
  const passed = problems.length === 0;
  const overridden = !passed && o.overrideControlsValidation;
  return { passed, overridden, accepted: passed || overridden, problems };
}
