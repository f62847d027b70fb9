import { useState } from 'react';
import type { InputProps } from 'antd';
import { maxLengthAt } from '@registry/contracts';
import type { z } from 'zod';
import { MaxLengthInput } from './MaxLengthInput';

/** The fields of a request schema that take text: the ones a list's filter box can fill. */
export type TextFieldOf<S extends z.ZodType> = {
  [K in keyof z.input<S>]-?: NonNullable<z.input<S>[K]> extends string ? K : never;
}[keyof z.input<S>] &
  string;

/** The limit, as a number or, so it cannot drift from the server, as the field of the schema the list's call sends. */
type Limit<S extends z.ZodType, F extends string> =
  { maxLength: number; schema?: never; field?: never } | { schema: S; field: F; maxLength?: never };

export type UpdateOnEnterInputProps<S extends z.ZodType, F extends string = TextFieldOf<S>> = Omit<
  InputProps,
  'value' | 'defaultValue' | 'onChange' | 'onPressEnter' | 'maxLength' | 'status' | 'type'
> & {
  value?: string;
  /** Called with the trimmed text when the user presses Enter. */
  onCommit: (value: string) => void;
} & Limit<S, F>;

/**
 * A filter's text box, the spec's max-length widget: it keeps a local draft so lists and filters refresh only when the
 * user presses Enter.
 */
export function UpdateOnEnterInput<S extends z.ZodType>(props: UpdateOnEnterInputProps<S>) {
  // Any schema and any field name: the two forms of the limit then tell themselves apart once destructured.
  const widened: UpdateOnEnterInputProps<z.ZodType, string> = props;
  const { value = '', onCommit, maxLength, schema, field, ...rest } = widened;
  const [draft, setDraft] = useState(value);
  // A new value from outside (e.g. the URL changed) replaces the draft.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <MaxLengthInput
      {...rest}
      maxLength={schema ? maxLengthAt(schema, field) : maxLength}
      value={draft}
      onChange={setDraft}
      onPressEnter={() => onCommit(draft.trim())}
    />
  );
}
