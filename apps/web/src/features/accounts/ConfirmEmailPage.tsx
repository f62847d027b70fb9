// The landing of the mailed email-change link: confirms the new address once, whether or not anyone is signed in here.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { Messages } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { ApiError } from '../../lib/api';
import { getToken } from '../../lib/tokenStorage';
import { confirmEmail } from './accounts.api';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { exceptionMessage?: unknown; modelState?: Record<string, string[]> } | undefined;
    if (typeof body?.exceptionMessage === 'string') return body.exceptionMessage;
    const first = body?.modelState && Object.values(body.modelState)[0]?.[0];
    if (first) return first;
  }
  return Messages.emailLinkInvalid;
}

export function ConfirmEmailPage() {
  const { token } = useSearch({ from: '/confirm-email' });
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'working' } : { kind: 'failed', message: Messages.emailLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirmEmail(token).then(
      (answer) => setState({ kind: 'done', message: answer.message }),
      (error: unknown) => setState({ kind: 'failed', message: failureMessage(error) }),
    );
  }, [token]);

  const onward =
    getToken() !== null
      ? { to: '/account/manage', label: 'Back to Manage account' }
      : { to: '/login', label: 'Sign in' };
  return (
    <AnonLayout title="Confirm your email address">
      {state.kind === 'working' && <p>Confirming…</p>}
      {state.kind !== 'working' && (
        <>
          <p role={state.kind === 'failed' ? 'alert' : 'status'}>{state.message}</p>
          <p>
            <Link to={onward.to}>{onward.label}</Link>
          </p>
        </>
      )}
    </AnonLayout>
  );
}
