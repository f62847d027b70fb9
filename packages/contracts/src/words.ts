// The product's words for every enum, status and history action people read: screens, CSV and XLSX exports and
// notifications all take their labels from here, so no one ever reads an internal name ('DnaSampleReceived',
// 'dnaProfileLabStatus:400'). An unknown value still reads as words (split and lower-cased), never as a code.
import {
  DnaProfileLabStatus,
  Gender,
  RegistrationStatus,
  SampleCustomerStatus,
  type SampleCustomerStatus as SampleCustomerStatusValue,
} from './enums.ts';

/** 'VerificationTestRequested' -> 'Verification test requested'; 'dnaPlateUploaded' -> 'DNA plate uploaded'. */
export function wordsOf(name: string): string {
  const spaced = name
    .replace(/[_:-]+/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .replace(/\bdna\b/g, 'DNA')
    .replace(/\btd\b/g, 'TD');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A sample's customer-facing status as the screens, reports and letters write it (spec 2 §dashboard's words). */
export const SAMPLE_STATUS_WORDS: Record<SampleCustomerStatusValue, string> = {
  [SampleCustomerStatus.ProfileCreated]: 'Profile Created',
  [SampleCustomerStatus.DnaSampleReceived]: 'DNA Sample Received',
  [SampleCustomerStatus.Expired]: 'Expired',
  [SampleCustomerStatus.Processing2ndSwab]: 'Processing 2nd Swab',
  [SampleCustomerStatus.Reanalyzing]: 'Reanalyzing',
  [SampleCustomerStatus.ReswabRequested]: 'Reswab Requested',
  [SampleCustomerStatus.ReswabReceived]: 'Reswab Received',
  [SampleCustomerStatus.VerificationTestRequested]: 'Verification Test Requested',
  [SampleCustomerStatus.VerificationTestCancelled]: 'Verification Test Cancelled',
  [SampleCustomerStatus.VerificationTestReceived]: 'Verification Test Received',
  [SampleCustomerStatus.DnaProcessingComplete]: 'DNA Processing Complete',
  [SampleCustomerStatus.IncompleteDnaProfile]: 'Incomplete DNA Profile',
  [SampleCustomerStatus.SampleRejected]: 'Sample Rejected',
  [SampleCustomerStatus.SampleVoided]: 'Sample Voided',
};
export const sampleStatusWords = (status: number | null | undefined): string =>
  status == null ? '' : (SAMPLE_STATUS_WORDS[status as SampleCustomerStatusValue] ?? `Status ${status}`);
export const SAMPLE_STATUS_OPTIONS = Object.entries(SAMPLE_STATUS_WORDS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** A DNA profile's lab status. */
export const LAB_STATUS_WORDS: Record<number, string> = {
  [DnaProfileLabStatus.New]: 'New',
  [DnaProfileLabStatus.Rerun]: 'Rerun',
  [DnaProfileLabStatus.Reswab]: 'Reswab',
  [DnaProfileLabStatus.Verification]: 'Verification',
  [DnaProfileLabStatus.VerificationCancelled]: 'Verification cancelled',
  [DnaProfileLabStatus.Inactive]: 'Inactive',
  [DnaProfileLabStatus.Approved]: 'Approved',
};
export const labStatusWords = (status: number | null | undefined): string =>
  status == null ? '' : (LAB_STATUS_WORDS[status] ?? `Lab status ${status}`);

export const REGISTRATION_STATUS_WORDS: Record<number, string> = {
  [RegistrationStatus.PendingApproval]: 'Pending approval',
  [RegistrationStatus.Approved]: 'Approved',
};
export const registrationStatusWords = (status: number | null | undefined): string =>
  status == null ? '' : (REGISTRATION_STATUS_WORDS[status] ?? `Status ${status}`);

export const GENDER_WORDS: Record<number, string> = {
  [Gender.Unknown]: 'Unknown',
  [Gender.Male]: 'Male',
  [Gender.Female]: 'Female',
};
export const genderWords = (gender: number | null | undefined): string =>
  gender == null ? '' : (GENDER_WORDS[gender] ?? 'Unknown');

/**
 * A waste match run's result (and the lists' 'Processing' filter) as people read it: the API and the mail events keep
 * the codes ('NoMatch'), screens show these words.
 */
export const MATCH_RESULT_WORDS: Record<string, string> = {
  Match: 'Match',
  NoMatch: 'No match',
  NonCanine: 'Non-canine',
  Inconclusive: 'Inconclusive',
  Fail: 'Fail',
  MultipleMatch: 'Multiple matches',
  Processing: 'Processing',
};
export const matchResultWords = (result: string | null | undefined): string =>
  result == null ? '' : (MATCH_RESULT_WORDS[result] ?? wordsOf(result));

/**
 * What caused a sample history entry, in words ('dnaProfileLabStatus:400' -> 'Lab status set to Approved'). The
 * history stores the cause as the code that wrote it; people read this.
 */
const HISTORY_ACTION_WORDS: Record<string, string> = {
  created: 'Sample registered',
  received: 'Sample received',
  flag: 'Flagged',
  unflag: 'Flag removed',
  reject: 'Rejected',
  accept: 'Accepted',
  expire: 'Expired',
  reinstate: 'Reinstated',
  void: 'Voided',
  unvoid: 'Un-voided',
  resetToProfileCreated: 'Reset to Profile Created',
  verify: 'Verification test requested',
  dnaPlateUploaded: 'Plate file uploaded',
  dnaProfileApproved: 'DNA profile approved',
  dnaProfileIncomplete: 'DNA profile incomplete',
  dnaProfileReswabRequested: 'Reswab requested by the lab',
  resultApproved: 'Result approved',
};
export function sampleHistoryActionWords(action: string | null | undefined): string {
  if (!action) return '';
  const known = HISTORY_ACTION_WORDS[action];
  if (known) return known;
  const labStatus = /^dnaProfileLabStatus:(-?\d+)$/.exec(action);
  if (labStatus) return `Lab status set to ${labStatusWords(Number(labStatus[1]))}`;
  return wordsOf(action);
}

/** An audit entry's action ('SampleStatus:reject' -> 'Sample status: Rejected'; 'MoveOut' -> 'Move out'). */
export function auditActionWords(actionType: string | null | undefined): string {
  if (!actionType) return '';
  const status = /^SampleStatus:(.+)$/.exec(actionType);
  if (status) return `Sample status: ${sampleHistoryActionWords(status[1])}`;
  return wordsOf(actionType);
}

/** A code that must never reach a person: an enum key in PascalCase or a camelCase code (used by the sweeps' tests). */
export const INTERNAL_NAMES: readonly string[] = [
  ...[
    ...Object.keys(SampleCustomerStatus),
    ...Object.keys(DnaProfileLabStatus),
    ...Object.keys(HISTORY_ACTION_WORDS),
    ...Object.keys(MATCH_RESULT_WORDS),
  ],
  'PendingApproval',
  'dnaProfileLabStatus',
].filter((name) => /[a-z][A-Z0-9]/.test(name));

/** The custody events of a waste sample (issue 40), as the custody timeline and the certificate name them. */
export const CUSTODY_EVENT_WORDS: Record<string, string> = {
  Collected: 'Collected',
  Received: 'Received at the lab',
  Plated: 'Plated',
  Typed: 'DNA typed',
  ResultApproved: 'Result approved',
  CertificateIssued: 'Certificate issued',
  NoticeSent: 'Notice sent',
};
