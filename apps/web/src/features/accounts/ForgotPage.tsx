import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { App, Button, Form, Typography } from 'antd';
import { Messages, forgotPasswordRequest } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { SchemaTextInput } from '../../components/MaxLengthInput';
import { forgotPassword } from './accounts.api';

export function ForgotPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const serverErrors = useFormServerErrors(form);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ email }: { email: string }) => {
    serverErrors.clear();
    setBusy(true);
    try {
      await forgotPassword(email.trim());
      modal.success({
        title: 'Password reset',
        content: Messages.forgotProcessed,
        onOk: () => void navigate({ to: '/login', search: {} }),
      });
    } catch (err) {
      serverErrors.onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AnonLayout title="Forgot your password?">
      <Typography.Paragraph type="secondary">
        Enter the email address of your account and we will send you a link to reset your password.
      </Typography.Paragraph>
      <ErrorPresenter error={serverErrors.general} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'The Email field is required.' },
            { type: 'email', message: 'Invalid email address.' },
          ]}
        >
          <SchemaTextInput schema={forgotPasswordRequest} field="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Send reset link
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">Back to sign in</Link>
      </div>
    </AnonLayout>
  );
}
