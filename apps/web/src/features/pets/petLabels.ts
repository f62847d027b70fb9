// How pets' enumerations read on screen.
// The words themselves live in the contracts (words.ts), shared with the server's exports.
import { Gender, SAMPLE_STATUS_OPTIONS, WeightUnit, genderWords, sampleStatusWords } from '@registry/contracts';

export const statusLabel = (status: number | null | undefined) => (status == null ? '—' : sampleStatusWords(status));
export const STATUS_OPTIONS = SAMPLE_STATUS_OPTIONS;
export const genderLabel = (gender: number) => genderWords(gender);
export const GENDER_OPTIONS = Object.entries(Gender).map(([label, value]) => ({ value, label }));
export const WEIGHT_UNIT_OPTIONS = Object.entries(WeightUnit).map(([label, value]) => ({
  value,
  label: label === 'Pounds' ? 'lb' : 'kg',
}));
