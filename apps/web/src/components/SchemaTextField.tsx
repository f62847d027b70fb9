// A person's text field in an edit form: the max-length widget inside antd's Form.Item (kept apart from
// MaxLengthInput.tsx so the login page, which uses the widget, does not load antd's Form).
import { Form } from 'antd';
import type { z } from 'zod';
import { SchemaTextInput } from './MaxLengthInput';

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
