import { useState } from 'react';
import { Input, type InputProps } from 'antd';

export interface UpdateOnEnterInputProps extends Omit<InputProps, 'value' | 'onChange' | 'onPressEnter'> {
  value?: string;
  /** Called with the typed text when the user presses Enter. */
  onCommit: (value: string) => void;
}

/** Keeps a local draft so lists and filters refresh only when the user presses Enter. */
export function UpdateOnEnterInput({ value = '', onCommit, ...rest }: UpdateOnEnterInputProps) {
  const [draft, setDraft] = useState(value);
  // A new value from outside (e.g. the URL changed) replaces the draft.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <Input
      {...rest}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onPressEnter={() => onCommit(draft.trim())}
    />
  );
}
