// Sample names on a plate: sample numbers (DN/DNI pets, TD/TDI waste samples: prefix plus exactly 7 digits, any case,
// optional suffix such as _rerun), the plate's controls and allelic ladders.

export const SampleKind = {
  Pet: 'Pet',
  WasteSample: 'WasteSample',
  PositiveControl: 'PositiveControl',
  NegativeControl: 'NegativeControl',
  WrongSpeciesControl: 'WrongSpeciesControl',
  AllelicLadder: 'AllelicLadder',
  Unknown: 'Unknown',
} as const;
export type SampleKind = (typeof SampleKind)[keyof typeof SampleKind];

export type SampleName = {
  raw: string;
  kind: SampleKind;
  /** Upper-case sample number, e.g. 'DN1234567', for pets and waste samples. */
  sampleNumber?: string;
  prefix?: 'DN' | 'DNI' | 'TD' | 'TDI';
  /** Text after the sample number without its separator, e.g. 'rerun' for 'DN1234567_rerun'. */
  suffix?: string;
};

const SAMPLE_NUMBER = /^(DNI|DN|TDI|TD)(\d{7})(?!\d)(.*)$/i;
const LADDER = /^(allelic[\s_-]*)?ladder(?![a-z])|^(ldr|al)([\s_-]*\d+)?$/i;
const WRONG_SPECIES = /^(wsc?|wrong[\s_-]*species|non[\s_-]*(canine|feline)|x[\s_-]*species)([\s_-].*|\d.*)?$/i;
const POSITIVE = /^(pos(itive)?|pc|\+)([\s_-]*(ctrl|control|con|c))?([\s_-].*|\d.*)?$/i;
const NEGATIVE = /^(neg(ative)?|nc|ntc|blank|-|no[\s_-]*template)([\s_-]*(ctrl|control|con|c))?([\s_-].*|\d.*)?$/i;

export function parseSampleName(raw: string): SampleName {
  const name = raw.trim();
  const m = SAMPLE_NUMBER.exec(name);
  if (m) {
    const prefix = m[1].toUpperCase() as SampleName['prefix'];
    const suffix = m[3].replace(/^[\s_\-.]+/, '');
    const kind = prefix === 'DN' || prefix === 'DNI' ? SampleKind.Pet : SampleKind.WasteSample;
    return { raw, kind, sampleNumber: `${prefix}${m[2]}`, prefix, ...(suffix ? { suffix } : {}) };
  }
  if (LADDER.test(name)) return { raw, kind: SampleKind.AllelicLadder };
  if (WRONG_SPECIES.test(name)) return { raw, kind: SampleKind.WrongSpeciesControl };
  if (POSITIVE.test(name)) return { raw, kind: SampleKind.PositiveControl };
  if (NEGATIVE.test(name)) return { raw, kind: SampleKind.NegativeControl };
  return { raw, kind: SampleKind.Unknown };
}

/** A pet or waste sample number in canonical form, or null when the text is not exactly one. */
export function normaliseSampleNumber(text: string): string | null {
  const m = /^(DNI|DN|TDI|TD)(\d{7})$/i.exec(text.trim());
  return m ? `${m[1].toUpperCase()}${m[2]}` : null;
}

export function isPetSampleNumber(text: string): boolean {
  return /^DNI?\d{7}$/i.test(text.trim());
}

export function isWasteSampleNumber(text: string): boolean {
  return /^TDI?\d{7}$/i.test(text.trim());
}
