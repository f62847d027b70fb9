import { useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Messages } from '@registry/contracts/messages';
import { Alert, Button, Checkbox } from 'antd';
// antd's Input module without TextArea, Search and OTP, and a native form rather than antd's Form: the login page is
// the first download, kept under 200 kB of gzipped JavaScript (docs/performance.md).
import Input from 'antd/es/input/Input';
import { AnonLayout } from '../../components/AnonLayout';
import { signIn } from '../../lib/auth';
import { SUPPORT_EMAIL } from '../../lib/brand';
import { MaxLengthHint, maxLengthStatus } from '../../components/MaxLengthHint';
import { PasswordInput } from '../../components/PasswordInput';
import { SIGN_IN_PASSWORD_MAX, SIGN_IN_USER_NAME_MAX } from '@registry/contracts/sign-in-limits';
import { useLandAfterSignIn } from './useLandAfterSignIn';
import { externalLoginsQuery } from './login.api';

interface LoginValues {
  userName: string;
  password: string;
  rememberMe: boolean;
}
type FieldErrors = Partial<Record<'userName' | 'password', string>>;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="login-field-error" role="alert">
      {message}
    </div>
  );
}

export function LoginPage() {
  const { returnUrl } = useSearch({ from: '/login' });
  const land = useLandAfterSignIn();
  const [error, setError] = useState<{ message: string; advice?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '', rememberMe: false });
  const userNameLimit = maxLengthStatus(values.userName.length, SIGN_IN_USER_NAME_MAX);
  const passwordLimit = maxLengthStatus(values.password.length, SIGN_IN_PASSWORD_MAX);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const change = (patch: Partial<LoginValues>) => {
    // The error of a failed attempt goes as soon as the user corrects what they typed.
    setError(null);
    setValues((v) => ({ ...v, ...patch }));
    setFieldErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!values.userName.trim()) errors.userName = 'Please enter your user name.';
    if (!values.password) errors.password = 'Please enter your password.';
    setFieldErrors(errors);
    if (!errors.userName && !errors.password) void onFinish(values);
  };
  const external = useQuery(externalLoginsQuery());

  const onFinish = async (values: LoginValues) => {
    setError(null);
    setBusy(true);
    try {
      await signIn(values.userName.trim(), values.password, values.rememberMe);
      const landing = await land(returnUrl);
      if (landing.kind === 'error') setError({ message: landing.message, advice: landing.advice });
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
      <form onSubmit={submit} aria-label="Sign in" noValidate className="login-form">
        <div className="login-field">
          <label htmlFor="login-userName">User name</label>
          <Input
            id="login-userName"
            autoComplete="username"
            autoFocus
            maxLength={SIGN_IN_USER_NAME_MAX}
            value={values.userName}
            onChange={(e) => change({ userName: e.target.value })}
            status={
              fieldErrors.userName || userNameLimit === 'error'
                ? 'error'
                : userNameLimit === 'warning'
                  ? 'warning'
                  : undefined
            }
            aria-invalid={!!fieldErrors.userName || userNameLimit === 'error'}
            aria-describedby={
              [fieldErrors.userName && 'login-userName-error', userNameLimit !== 'ok' && 'login-userName-limit']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          <MaxLengthHint id="login-userName-limit" length={values.userName.length} maxLength={SIGN_IN_USER_NAME_MAX} />
          <FieldError id="login-userName-error" message={fieldErrors.userName} />
        </div>
        <div className="login-field">
          <label htmlFor="login-password">Password</label>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            maxLength={SIGN_IN_PASSWORD_MAX}
            value={values.password}
            onChange={(e) => change({ password: e.target.value })}
            status={fieldErrors.password ? 'error' : undefined}
            aria-invalid={!!fieldErrors.password}
            aria-describedby={
              [fieldErrors.password && 'login-password-error', passwordLimit !== 'ok' && 'login-password-limit']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          <MaxLengthHint id="login-password-limit" length={values.password.length} maxLength={SIGN_IN_PASSWORD_MAX} />
          <FieldError id="login-password-error" message={fieldErrors.password} />
        </div>
        <div className="login-options">
          <Checkbox checked={values.rememberMe} onChange={(e) => change({ rememberMe: e.target.checked })}>
            Remember me
          </Checkbox>
          <Link to="/forgot">Forgot your password?</Link>
        </div>
        {/* Named outright: while busy, and while the spinner fades out, antd adds 'loading' to the text. */}
        <Button type="primary" htmlType="submit" block loading={busy} aria-label="Sign in">
          Sign in
        </Button>
      </form>
      <p style={{ marginTop: 16, textAlign: 'center' }}>
        New resident? <Link to="/reg">Pre-register with your property&apos;s code</Link>
      </p>
      {external.isError && (
        <Alert type="warning" showIcon style={{ marginTop: 16 }} title={Messages.externalProvidersFailed} />
      )}
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
