// The spec's text input with a maximum length (its warning and error), its contract-driven form, SchemaTextInput,
// and the form field around it, SchemaTextField.
import { useId, useState, type ReactNode, type Ref } from 'react';
import { Form, Input, type InputProps, type InputRef } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { PasswordInput } from './PasswordInput';
import { MaxLengthHint, maxLengthStatus } from './MaxLengthHint';
import { maxLengthAt } from '@registry/contracts';
import type { z } from 'zod';

export { MaxLengthHint, maxLengthStatus } from './MaxLengthHint';

export interface MaxLengthInputProps extends Omit<
  InputProps,
  'value' | 'defaultValue' | 'onChange' | 'maxLength' | 'status' | 'type'
> {
  maxLength: number;
  /** Given (even undefined, as a form field gives it): the field is controlled; left out: it keeps its own text. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  /** A password (the spec's show/hide input) or a search box (its button or Enter calls onSearch). */
  kind?: 'password' | 'search';
  onSearch?: (value: string) => void;
  enterButton?: ReactNode;
  /** The search kind's button spins (a look-up under way). */
  loading?: boolean;
  /** The text input's handle (to focus it); not for the multi-line and password kinds. */
  ref?: Ref<InputRef>;
}

/**
 * The spec's text input with a maximum length, for every limited input of the app (a web test holds every `maxLength`
 * to it): typing past the limit is blocked, a warning shows within 10 characters of it, an error at the limit.
 */
export function MaxLengthInput(props: MaxLengthInputProps) {
  const {
    maxLength,
    value,
    defaultValue,
    onChange,
    multiline,
    rows = 4,
    kind,
    onSearch,
    enterButton,
    loading,
    ref,
    ...rest
  } = props;
  const hintId = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const controlled = Object.prototype.hasOwnProperty.call(props, 'value');
  const text = (controlled ? value : own) ?? '';
  const status = maxLengthStatus(text.length, maxLength);
  const describedBy = [rest['aria-describedby'], status === 'ok' ? undefined : hintId].filter(Boolean).join(' ');
  const common = {
    ...rest,
    value: text,
    maxLength,
    status: status === 'ok' ? undefined : status,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': status === 'error' ? true : rest['aria-invalid'],
  } as const;
  const handle = (next: string) => {
    const cut = next.slice(0, maxLength);
    if (!controlled) setOwn(cut);
    onChange?.(cut);
  };
  const field = multiline ? (
    <Input.TextArea
      {...(common as unknown as TextAreaProps)}
      value={text}
      rows={rows}
      onChange={(e) => handle(e.target.value)}
    />
  ) : kind === 'password' ? (
    <PasswordInput {...common} onChange={(e) => handle(e.target.value)} />
  ) : kind === 'search' ? (
    <Input.Search
      {...common}
      ref={ref}
      enterButton={enterButton}
      loading={loading}
      onChange={(e) => handle(e.target.value)}
      onSearch={(v) => onSearch?.(v)}
    />
  ) : (
    <Input {...common} ref={ref} onChange={(e) => handle(e.target.value)} />
  );
  return (
    <>
      {field}
      <MaxLengthHint id={hintId} length={text.length} maxLength={maxLength} />
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

/**
 * A person's text field in an edit form (an admin's, a pet owner's): the limit from the contract, and the required and
 * email rules in the words the server answers with, so the form refuses what the server would.
 */
export function SchemaTextField({
  schema,
  label,
  name,
  required = false,
  multiline,
}: {
  schema: z.ZodType;
  label: string;
  name: string;
  required?: boolean;
  multiline?: boolean;
}) {
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[
        ...(required ? [{ required: true, whitespace: true, message: `The ${label} field is required.` }] : []),
        ...(name === 'email' ? [{ type: 'email' as const, message: 'Invalid email address.' }] : []),
      ]}
    >
      <SchemaTextInput schema={schema} field={name} multiline={multiline} />
    </Form.Item>
  );
}
