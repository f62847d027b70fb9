import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Typography } from 'antd';
import { Messages } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { PasswordInput } from '../../components/PasswordInput';
import { passwordRule, resetPassword, resetTokenQuery, usePasswordRules } from './accounts.api';
import { PasswordRulesHint } from './PasswordRulesHint';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const { userName, token } = useSearch({ from: '/resetpassword' });
  const rules = usePasswordRules();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const serverErrors = useFormServerErrors(form);
  const [busy, setBusy] = useState(false);

  const check = useQuery({ ...resetTokenQuery(userName ?? '', token ?? ''), enabled: !!userName && !!token });

  if (!userName || !token || check.data?.isValid === false) {
    return (
      <AnonLayout title="Reset password">
        <Alert
          type="error"
          showIcon
          title={
            !userName || !token
              ? 'This password reset link is incomplete.'
              : 'This password reset link is invalid or has expired.'
          }
          description={<Link to="/forgot">Request a new reset link</Link>}
        />
      </AnonLayout>
    );
  }

  const onFinish = async (values: ResetValues) => {
    serverErrors.clear();
    setBusy(true);
    try {
      await resetPassword({ userName, token, password: values.password, confirmPassword: values.confirmPassword });
      modal.success({
        title: 'Password reset',
        content: Messages.passwordReset,
        onOk: () => void navigate({ to: '/login', search: {} }),
      });
    } catch (err) {
      serverErrors.onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AnonLayout title="Reset password">
      <Typography.Paragraph>
        Choose a new password for <strong>{userName}</strong>.
      </Typography.Paragraph>
      <ErrorPresenter error={serverErrors.general} />
      <Form<ResetValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="New password"
          name="password"
          rules={[{ required: true, message: 'Please enter a new password.' }, passwordRule(rules)]}
          extra={<PasswordRulesHint rules={rules} />}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Please confirm the new password.' },
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error('The password and confirmation password do not match.');
              },
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Reset password
        </Button>
      </Form>
    </AnonLayout>
  );
}
