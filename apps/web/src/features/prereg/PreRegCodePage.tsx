import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, Button, Form } from 'antd';
import { AnonLayout } from '../../components/AnonLayout';
import { MaxLengthInput } from '../../components/MaxLengthInput';

export const INVALID_CODE_MESSAGE = 'The pre-registration code is not valid. Please check it and try again.';

/** /reg: the visitor enters their property's pre-registration code (spec 2 §2, public flow). */
export function PreRegCodePage() {
  const search = useSearch({ strict: false }) as { invalidCode?: string };
  const navigate = useNavigate();
  const [code, setCode] = useState(search.invalidCode ?? '');
  return (
    <AnonLayout title="Pre-register your pets">
      {search.invalidCode !== undefined && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={INVALID_CODE_MESSAGE} />
      )}
      <Form
        layout="vertical"
        onFinish={() => void navigate({ to: '/reg/$propertyCode', params: { propertyCode: code.trim() } })}
      >
        <Form.Item label="Property pre-registration code" htmlFor="prereg-code" required>
          <MaxLengthInput id="prereg-code" value={code} maxLength={64} onChange={(v) => setCode(v)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={!code.trim()}>
          Continue
        </Button>
      </Form>
    </AnonLayout>
  );
}
