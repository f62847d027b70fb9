// The customer status machine of a sample, pet or waste (spec 3 §4): which action may move which status where, and
// which actions need notes. Pure, so the pets, waste and DNA areas share one rule book; the moves themselves are
// contracts' sampleStatusTarget, which the screens read to offer only the allowed actions.
import {
  SampleCustomerStatus as S,
  SampleMessages,
  sampleStatusTarget,
  type SampleCustomerStatus,
  type SampleKind,
  type SampleStatusAction,
} from '@registry/contracts';

export type Transition = { ok: true; to: SampleCustomerStatus } | { ok: false; reason: string; field?: 'notes' };

const STATUS_NAMES = Object.fromEntries(Object.entries(S).map(([name, value]) => [value, name])) as Record<
  number,
  string
>;
const statusName = (status: number): string => STATUS_NAMES[status] ?? String(status);

const ACTION_VERBS: Record<SampleStatusAction, string> = {
  reject: 'rejected',
  accept: 'accepted',
  expire: 'expired',
  reinstate: 'reinstated',
  void: 'voided',
  unvoid: 'un-voided',
  resetToProfileCreated: 'reset to profile created',
  verify: 'sent for verification',
};

/** The actions that refuse to run without notes, and the message each gives (spec 3 §5). */
const NOTES_REQUIRED: Partial<Record<SampleStatusAction, string>> = {
  reject: SampleMessages.rejectNotesRequired,
  void: SampleMessages.notesRequired,
  unvoid: SampleMessages.notesRequired,
};

export type TransitionInput = {
  kind: SampleKind;
  action: SampleStatusAction;
  from: SampleCustomerStatus;
  notes?: string | null;
  /** For reinstate: the status the sample had before it expired (from its history), if known. */
  statusBeforeExpiry?: SampleCustomerStatus | null;
};

/** Decides an action on a sample: the status it moves to, or why it may not. */
export function decideTransition({ kind, action, from, notes, statusBeforeExpiry }: TransitionInput): Transition {
  const notesMessage = NOTES_REQUIRED[action];
  if (notesMessage && !notes?.trim()) return { ok: false, reason: notesMessage, field: 'notes' };
  const to = sampleStatusTarget(kind, action, from, statusBeforeExpiry ?? null);
  if (to === null) {
    return { ok: false, reason: `A sample with status ${statusName(from)} cannot be ${ACTION_VERBS[action]}.` };
  }
  return { ok: true, to };
}

/** The same decision, thrown as the error to answer with; returns the new status. */
export function assertTransition(input: TransitionInput): SampleCustomerStatus {
  const decision = decideTransition(input);
  if (!decision.ok) throw new TransitionRefused(decision.reason, decision.field);
  return decision.to;
}

export class TransitionRefused extends Error {
  readonly field: 'notes' | undefined;
  constructor(reason: string, field?: 'notes') {
    super(reason);
    this.field = field;
  }
}
