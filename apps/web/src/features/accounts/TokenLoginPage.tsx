import { useEffect, useRef } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { App, Spin } from 'antd';
import { Messages } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { getToken, setToken } from '../../lib/tokenStorage';
import { safeReturnUrl } from '../../lib/landing';
import { signInWithTemporaryToken, tokenLoginErrorMessage } from './accounts.api';
import { useLandAfterSignIn } from './useLandAfterSignIn';

/** Signs in with a one-time link token, then lands like a normal sign-in. */
export function TokenLoginPage() {
  const { token, returnUrl, isPersistent = false } = useSearch({ from: '/token-login' });
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const land = useLandAfterSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const fail = (message: string) => {
      const signedIn = getToken() !== null;
      modal.error({
        title: 'Error',
        content: message,
        onOk: () => {
          if (signedIn) void navigate({ href: safeReturnUrl(returnUrl) ?? '/', replace: true });
          else void navigate({ to: '/login', search: {}, replace: true });
        },
      });
    };

    if (!token) {
      fail(Messages.invalidTokenParameters);
      return;
    }
    void (async () => {
      let accessToken: string | undefined;
      let linkReturnUrl: string | null | undefined;
      try {
        ({ access_token: accessToken, returnUrl: linkReturnUrl } = await signInWithTemporaryToken(token, isPersistent));
      } catch (err) {
        fail(tokenLoginErrorMessage(err));
        return;
      }
      if (!accessToken) {
        fail(Messages.failedToSignIn);
        return;
      }
      // The link says whether its session is remembered (isPersistent), as the remember-me box does at sign-in.
      setToken(accessToken, isPersistent);
      try {
        // The link itself may carry where to go (email campaign links); the URL parameter wins.
        const landing = await land(returnUrl ?? linkReturnUrl);
        if (landing.kind === 'error') fail(landing.message);
      } catch (err) {
        fail(tokenLoginErrorMessage(err));
      }
    })();
  }, [token, returnUrl, isPersistent, modal, navigate, land]);

  return (
    <AnonLayout title="Signing you in">
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin size="large" />
      </div>
    </AnonLayout>
  );
}
