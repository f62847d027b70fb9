import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Messages } from '@registry/contracts/messages';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { AnonLayout } from '../../app/AnonLayout';
import { signIn } from '../../app/auth';
import { SUPPORT_EMAIL } from '../../app/brand';
import { PasswordInput } from '../../components/PasswordInput';
import { useLandAfterSignIn } from './useLandAfterSignIn';
import { externalLoginsQuery } from './login.api';

interface LoginValues {
  userName: string;
  password: string;
  rememberMe: boolean;
}

export function LoginPage() {
  const { returnUrl } = useSearch({ from: '/login' });
  const land = useLandAfterSignIn();
  const [error, setError] = useState<{ message: string; advice?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const external = useQuery(externalLoginsQuery());

  const onFinish = async (values: LoginValues) => {
    setError(null);
    setBusy(true);
    try {
      await signIn(values.userName.trim(), values.password, values.rememberMe);
      const landing = await land(returnUrl);
      setError(landing.kind === 'error' ? { message: landing.message, advice: landing.advice } : null);
    } catch (err) {
      setError({ message: err instanceof Error ? err.message : 'Failed to sign in' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AnonLayout title="Sign in">
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={error.message}
          description={
            error.advice ? (
              <>
                {error.advice} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </>
            ) : undefined
          }
        />
      )}
      <Form<LoginValues>
        layout="vertical"
        onFinish={onFinish}
        // The error of a failed attempt goes as soon as the user corrects what they typed.
        onValuesChange={() => setError(null)} initialValues={{ rememberMe: false }} requiredMark={false} aria-label="Sign in">
        <Form.Item label="User name" name="userName" rules={[{ required: true, whitespace: true, message: 'Please enter your user name.' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password.' }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Link to="/forgot">Forgot your password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign in
        </Button>
      </Form>
      {external.isError && <Alert type="warning" showIcon style={{ marginTop: 16 }} title={Messages.externalProvidersFailed} />}
      {(external.data ?? []).length > 0 && (
        <div style={{ marginTop: 16, display: 'grid', gap: 8 }}>
          {external.data!.map((p) => (
            <Button key={p.name} block href={p.url}>
              Sign in with {p.name}
            </Button>
          ))}
        </div>
      )}
    </AnonLayout>
  );
}
