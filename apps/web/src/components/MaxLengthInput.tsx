import { useId } from 'react';
import { Input, Typography } from 'antd';
import { maxLengthAt } from '@registry/contracts';
import type { z } from 'zod';

export const MAX_LENGTH_WARNING_WINDOW = 10;

export type MaxLengthStatus = 'ok' | 'warning' | 'error';
export function maxLengthStatus(length: number, maxLength: number): MaxLengthStatus {
  if (length >= maxLength) return 'error';
  if (maxLength - length <= MAX_LENGTH_WARNING_WINDOW) return 'warning';
  return 'ok';
}

export interface MaxLengthInputProps {
  maxLength: number;
  value?: string | null;
  onChange?: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
}

/**
 * Text input that refuses characters past maxLength, warns within 10 characters of it and
 * shows an error once the limit is reached.
 */
export function MaxLengthInput({ maxLength, value, onChange, multiline, rows = 4, ...rest }: MaxLengthInputProps) {
  const hintId = useId();
  const text = value ?? '';
  const status = maxLengthStatus(text.length, maxLength);
  const remaining = maxLength - text.length;
  const common = {
    ...rest,
    value: text,
    maxLength,
    status: status === 'ok' ? undefined : status,
    'aria-describedby': status === 'ok' ? undefined : hintId,
    'aria-invalid': status === 'error' ? true : undefined,
  } as const;
  const handle = (next: string) => onChange?.(next.slice(0, maxLength));
  return (
    <>
      {multiline ? (
        <Input.TextArea {...common} rows={rows} onChange={(e) => handle(e.target.value)} />
      ) : (
        <Input {...common} onChange={(e) => handle(e.target.value)} />
      )}
      {status !== 'ok' && (
        <Typography.Text
          id={hintId}
          type={status === 'error' ? 'danger' : 'warning'}
          style={{ fontSize: 12 }}
          aria-live="polite"
        >
          {status === 'error'
            ? `Maximum length of ${maxLength} characters reached.`
            : `${remaining} character${remaining === 1 ? '' : 's'} remaining.`}
        </Typography.Text>
      )}
    </>
  );
}

export interface SchemaTextInputProps extends Omit<MaxLengthInputProps, 'maxLength'> {
  /** The contract schema the server validates the request with. */
  schema: z.ZodType;
  /** The field's path in that schema, e.g. 'mailingAddress.city'. */
  field: string;
}

/** The app's text input: its limit is the one the server's schema enforces for the field. */
export function SchemaTextInput({ schema, field, ...rest }: SchemaTextInputProps) {
  return <MaxLengthInput maxLength={maxLengthAt(schema, field)} {...rest} />;
}
