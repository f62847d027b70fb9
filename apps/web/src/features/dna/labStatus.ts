// Lab status labels and the filter options of the plate view ('Pending' is -1: neither Approved nor Inactive).
import { LAB_STATUS_PENDING_FILTER, LAB_STATUS_WORDS, labStatusWords } from '@registry/contracts';

const LAB_STATUS_LABELS = LAB_STATUS_WORDS;
export const labStatusLabel = (value: number) => labStatusWords(value);
export const LAB_STATUS_OPTIONS = Object.entries(LAB_STATUS_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
export const LAB_STATUS_FILTER_OPTIONS = [
  { value: LAB_STATUS_PENDING_FILTER, label: 'Pending' },
  ...LAB_STATUS_OPTIONS,
];
