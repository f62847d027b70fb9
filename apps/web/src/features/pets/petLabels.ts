// How pets' enumerations read on screen.
import { Gender, SampleCustomerStatus, WeightUnit } from '@registry/contracts';
import { humanize } from '../../components/format';

const STATUS_NAMES = new Map<number, string>(
  Object.entries(SampleCustomerStatus).map(([name, value]) => [value, humanize(name).replace('Dna', 'DNA')]),
);
export const statusLabel = (status: number | null | undefined) =>
  status == null ? '—' : (STATUS_NAMES.get(status) ?? String(status));
export const STATUS_OPTIONS = [...STATUS_NAMES].map(([value, label]) => ({ value, label }));
export const genderLabel = (gender: number) =>
  gender === Gender.Male ? 'Male' : gender === Gender.Female ? 'Female' : 'Unknown';
export const GENDER_OPTIONS = Object.entries(Gender).map(([label, value]) => ({ value, label }));
export const WEIGHT_UNIT_OPTIONS = Object.entries(WeightUnit).map(([label, value]) => ({
  value,
  label: label === 'Pounds' ? 'lb' : 'kg',
}));
