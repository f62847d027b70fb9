// The max-length widget's rule and its words (spec 1: a warning within 10 characters of the limit, an error at it),
// with no antd and no zod, so that the sign-in page, the first download, carries it too.

const MAX_LENGTH_WARNING_WINDOW = 10;

type MaxLengthStatus = 'ok' | 'warning' | 'error';
export function maxLengthStatus(length: number, maxLength: number): MaxLengthStatus {
  // Nothing typed, nothing to warn of: a short code's field (a CVC of 4) would otherwise warn while still empty.
  if (length === 0) return 'ok';
  if (length >= maxLength) return 'error';
  if (maxLength - length <= MAX_LENGTH_WARNING_WINDOW) return 'warning';
  return 'ok';
}

/**
 * The warning or error under a limited field (the widget's own, and the hint of a control that cannot be the widget,
 * such as an AutoComplete whose input antd renders, or the sign-in's user name): nothing while well inside the limit.
 */
export function MaxLengthHint({ id, length, maxLength }: { id?: string; length: number; maxLength: number }) {
  const status = maxLengthStatus(length, maxLength);
  if (status === 'ok') return null;
  const remaining = maxLength - length;
  return (
    <span id={id} className={`max-length-hint max-length-hint-${status}`} aria-live="polite">
      {status === 'error'
        ? `Maximum length of ${maxLength} characters reached.`
        : `${remaining} character${remaining === 1 ? '' : 's'} remaining.`}
    </span>
  );
}
