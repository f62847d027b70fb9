import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { mockFetch, type MockCall } from '../../test/utils';
import { ApiError } from '../../lib/api';
import { tokenLoginErrorMessage } from './accounts.api';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const rules = {
  requiredLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireNonLetterOrDigit: true,
};
const user = userInfo('propertyManager');

describe('token login', () => {
  it('maps failures to the spec messages', () => {
    expect(tokenLoginErrorMessage(new ApiError(400, { message: 'Token already used.' }, 'Bad Request'))).toBe(
      'Token already used.',
    );
    expect(tokenLoginErrorMessage(new ApiError(404, undefined, 'Not Found'))).toBe('This login link has expired');
    expect(tokenLoginErrorMessage(new ApiError(500, undefined, 'Server Error'))).toBe('Failed to sign in');
    expect(tokenLoginErrorMessage(new Error('offline'))).toBe('Failed to sign in');
  });

  it('refuses a link without a token, then goes to login', async () => {
    mockFetch({});
    const { router } = renderApp('/token-login');
    expect(await screen.findByText('Invalid token parameters')).toBeTruthy();
    expect(screen.getAllByText('Invalid token parameters')).toHaveLength(1);
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('reports an expired link', async () => {
    mockFetch({ 'GET /api/v1/account/signinwithtemporarytoken': () => ({ status: 404 }) });
    renderApp('/token-login?token=abc');
    expect(await screen.findByText('This login link has expired')).toBeTruthy();
  });

  it('signs in and follows the return URL', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/account/signinwithtemporarytoken': { access_token: 'tmp-tok' },
      'GET /api/v1/account/userinfo': user,
      'GET /api/v1/features': [],
      'GET /api/v1/account/manageinfo': () => ({ status: 500, body: { message: 'later' } }),
      'GET /api/v1/account/passwordrules': rules,
      'GET /api/v1/usersettings/getdogquickactions': { value: 0 },
    });
    const { router } = renderApp('/token-login?token=12345&returnUrl=%2Faccount%2Fmanage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/manage'));
    expect(calls.find((c) => c.url.pathname.endsWith('signinwithtemporarytoken'))!.url.searchParams.get('token')).toBe(
      '12345',
    );
    expect(sessionStorage.getItem('registry.accessToken')).toBe('tmp-tok');
  });
});

describe('forgot and reset password', () => {
  it('confirms the request and returns to login', async () => {
    const { calls } = mockFetch({ 'POST /api/v1/account/forgotpassword': { message: 'ok' } });
    const { router } = renderApp('/forgot');
    await userEvent.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'Password reset request processed successfully. Please check your registered email for next steps.',
      ),
    ).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ email: 'jane@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('checks the new password against the server rules before sending', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/account/passwordrules': rules,
      'POST /api/v1/account/resetpassword': { message: 'ok' },
    });
    renderApp('/resetpassword?userName=jane&token=t0k');
    const pw = await screen.findByLabelText('New password');
    await userEvent.type(pw, 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Passwords must be at least 8 characters/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(pw);
    await userEvent.type(pw, 'Better#Pass1');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Better#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password has been reset successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      userName: 'jane',
      token: 't0k',
      password: 'Better#Pass1',
      confirmPassword: 'Better#Pass1',
    });
  });
});

/** The error text antd shows under the field labelled `label`. */
async function errorUnder(label: string): Promise<string> {
  const item = screen.getByLabelText(label).closest('.ant-form-item')!;
  await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).toBeTruthy());
  return item.querySelector('.ant-form-item-explain-error')!.textContent!;
}

describe('server problems under their fields', () => {
  it('forgot password: the server problem with the email shows under Email', async () => {
    mockFetch({
      'POST /api/v1/account/forgotpassword': () => ({
        status: 400,
        body: { message: 'The request is invalid.', modelState: { email: ['The Email field is not valid.'] } },
      }),
    });
    renderApp('/forgot');
    await userEvent.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await errorUnder('Email')).toBe('The Email field is not valid.');
    expect(screen.queryByRole('alert', { name: /./ })).toBeNull();
  });

  it('reset password: the server problem with the password shows under New password, the rest above the form', async () => {
    mockFetch({
      'GET /api/v1/account/passwordrules': rules,
      'POST /api/v1/account/resetpassword': () => ({
        status: 400,
        body: {
          message: 'The request is invalid.',
          modelState: { password: ['Passwords must have at least one digit.'], token: ['Invalid token.'] },
        },
      }),
    });
    renderApp('/resetpassword?userName=jane&token=t0k');
    await userEvent.type(await screen.findByLabelText('New password'), 'Better#Pass1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Better#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await errorUnder('New password')).toBe('Passwords must have at least one digit.');
    expect(screen.getByRole('alert').textContent).toContain('Invalid token.');
    expect(screen.getByRole('alert').textContent).not.toContain('at least one digit');
  });
});

describe('reset password link check', () => {
  it('says so when the link is no longer valid', async () => {
    mockFetch({ 'GET /api/v1/account/passwordrules': rules, 'GET /api/v1/account/resetpassword': { isValid: false } });
    renderApp('/resetpassword?userName=jane&token=old');
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });
});

describe('manage account', () => {
  function setup(over: Record<string, unknown> = {}) {
    return signedInAs(user, {
      'GET /api/v1/account/passwordrules': rules,
      'GET /api/v1/lookup/countries': [],
      'GET /api/v1/account/manageinfo': {
        userName: 'jane',
        localLoginProvider: 'Local',
        logins: [],
        externalLoginProviders: [],
        profile: {
          firstName: 'Jane',
          lastName: 'Admin',
          email: 'jane@example.com',
          phoneNumber: null,
          companyName: null,
          receiveEmails: true,
          address: null,
        },
      },
      'GET /api/v1/usersettings/getdogquickactions': { value: 1 | 8 },
      'POST /api/v1/usersettings/setdogquickactions': ({ body }: MockCall) => ({ body }),
      'POST /api/v1/account/updateuserprofile': { message: 'ok' },
      ...over,
    });
  }

  it('test mode: staff of a non-production deployment switch it on and the profile fills with fake data', async () => {
    setup({ 'GET /api/v1/account/userinfo': { ...user, roleId: 0, isBioPetAdmin: true, testModeAvailable: true } });
    renderApp('/account/manage');
    const first = await screen.findByLabelText('First name');
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Jane'));
    expect(screen.queryByRole('button', { name: /Fill with test data/ })).toBeNull();
    await userEvent.click(await screen.findByRole('switch', { name: 'Test mode' }));
    // The name-and-email card has its own button; it is the first.
    await userEvent.click((await screen.findAllByRole('button', { name: /Fill with test data/ }))[0]);
    await waitFor(() => expect((first as HTMLInputElement).value).not.toBe('Jane'));
    expect((first as HTMLInputElement).value.length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toMatch(/@example\.com$/);
    sessionStorage.removeItem('registry.testMode');
  });

  it('test mode does not exist where the server says it is not available', async () => {
    sessionStorage.setItem('registry.testMode', 'true');
    setup({ 'GET /api/v1/account/userinfo': { ...user, testModeAvailable: false } });
    renderApp('/account/manage');
    await screen.findByLabelText('First name');
    expect(screen.queryByRole('switch', { name: 'Test mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Fill with test data/ })).toBeNull();
    sessionStorage.removeItem('registry.testMode');
  });

  it('saves the name at once and says to check the mail for a new email', async () => {
    const { calls } = setup({
      'POST /api/v1/account/updateuserinfo': ({ body }: MockCall) => {
        const sent = body as { email: string };
        const changed = sent.email !== 'jane@example.com';
        return {
          body: changed
            ? { message: `Saved. Check your mail at ${sent.email} and open the link.`, pendingEmail: sent.email }
            : { message: 'Saved Successfully.', pendingEmail: null },
        };
      },
    });
    renderApp('/account/manage');
    const first = await screen.findByLabelText('First name');
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Jane'));
    await userEvent.clear(first);
    await userEvent.type(first, 'Janet');
    await userEvent.click(screen.getByRole('button', { name: 'Save name and email' }));
    expect(await screen.findByText('Saved Successfully.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('updateuserinfo'))!.body).toEqual({
      firstName: 'Janet',
      lastName: 'Admin',
      email: 'jane@example.com',
    });

    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'janet@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save name and email' }));
    expect(await screen.findByText('Check your mail to confirm')).toBeTruthy();
    expect(screen.getByText('Saved. Check your mail at janet@example.com and open the link.')).toBeTruthy();
  });

  it('saves the profile, keeping the name and email as they are', async () => {
    const { calls } = setup();
    renderApp('/account/manage');
    const phone = await screen.findByLabelText('Phone number');
    await userEvent.type(phone, '555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Saved Successfully.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('updateuserprofile'))!.body).toMatchObject({
      firstName: 'Jane',
      lastName: 'Admin',
      email: 'jane@example.com',
      phoneNumber: '555-0100',
      receiveEmails: true,
    });
  });

  it('shows the error list when changing the password fails, or the unknown error', async () => {
    setup({
      'POST /api/v1/account/changepassword': () => ({
        status: 400,
        body: { message: 'The request is invalid.', modelState: { oldPassword: ['Incorrect password.'] } },
      }),
    });
    renderApp('/account/manage');
    await userEvent.type(await screen.findByLabelText('Current password'), 'Wrong#Pass1');
    await userEvent.type(screen.getByLabelText('New password'), 'Better#Pass1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await errorUnder('Current password')).toBe('Incorrect password.');
  });

  it('confirms a changed password', async () => {
    setup({ 'POST /api/v1/account/changepassword': { message: 'ok' } });
    renderApp('/account/manage');
    await userEvent.type(await screen.findByLabelText('Current password'), 'Old#Pass12');
    await userEvent.type(screen.getByLabelText('New password'), 'Better#Pass1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
  });

  it('saves dog quick actions as bit flags', async () => {
    const { calls } = setup();
    renderApp('/account/manage');
    const flag = await screen.findByRole('checkbox', { name: 'Flag' });
    await waitFor(() => expect((flag as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'Delete' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Verify' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save quick actions' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('setdogquickactions'))?.body).toEqual({ value: 1 | 4 }),
    );
  });
});

describe('confirm email', () => {
  it('confirms the new address from the mailed link', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/account/confirmemail': { message: 'Your email address has been changed.' },
    });
    renderApp('/confirm-email?token=abc123');
    expect(await screen.findByText('Your email address has been changed.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('confirmemail'))!.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows why a used or expired link fails, and a link without a token', async () => {
    mockFetch({
      'POST /api/v1/account/confirmemail': () => ({
        status: 400,
        body: { message: 'x', exceptionMessage: 'This confirmation link is invalid or has expired.' },
      }),
    });
    renderApp('/confirm-email?token=used');
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeTruthy();
  });

  it('says a link without a token is invalid without calling the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/confirm-email');
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('confirmemail'))).toEqual([]);
  });
});
