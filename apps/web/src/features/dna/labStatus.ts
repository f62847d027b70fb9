// Lab status labels and the filter options of the plate view ('Pending' is -1: neither Approved nor Inactive).
import { DnaProfileLabStatus, LAB_STATUS_PENDING_FILTER } from '@registry/contracts';

export const LAB_STATUS_LABELS: Record<number, string> = {
  [DnaProfileLabStatus.New]: 'New',
  [DnaProfileLabStatus.Rerun]: 'Rerun',
  [DnaProfileLabStatus.Reswab]: 'Reswab',
  [DnaProfileLabStatus.Verification]: 'Verification',
  [DnaProfileLabStatus.VerificationCancelled]: 'Verification cancelled',
  [DnaProfileLabStatus.Inactive]: 'Inactive',
  [DnaProfileLabStatus.Approved]: 'Approved',
};
export const labStatusLabel = (value: number) => LAB_STATUS_LABELS[value] ?? String(value);
export const LAB_STATUS_OPTIONS = Object.entries(LAB_STATUS_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
export const LAB_STATUS_FILTER_OPTIONS = [
  { value: LAB_STATUS_PENDING_FILTER, label: 'Pending' },
  ...LAB_STATUS_OPTIONS,
];
