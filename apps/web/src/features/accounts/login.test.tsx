import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { mockFetch, type MockCall } from '../../test/utils';
import { getToken } from '../../lib/tokenStorage';
import { userInfo } from '../../test/users';
import { assignedProperty as group } from '../../test/groups';

afterEach(() => vi.unstubAllGlobals());

const baseUser = userInfo('propertyManager');

function api(over: Record<string, unknown> = {}) {
  return mockFetch({
    'POST /api/v1/token': { access_token: 'tok-1', token_type: 'bearer', expires_in: 3600, userName: 'jane' },
    'GET /api/v1/account/userinfo': ({ headers }: MockCall) =>
      headers.Authorization ? { body: baseUser } : { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/v1/admingroups/directlyassignedgroups': [group(5, 'Maple Court')],
    'GET /api/v1/features': [],
    'GET /api/v1/group/5': group(5, 'Maple Court'),
    'GET /api/v1/groups/group': [group(9, 'Root Mgmt')],
    ...over,
  });
}

async function signIn(user = 'jane', password = 'Secret#1', remember = false) {
  await userEvent.type(await screen.findByLabelText('User name'), user);
  await userEvent.type(screen.getByLabelText('Password'), password);
  if (remember) await userEvent.click(screen.getByLabelText('Remember me'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  it('signs in with the password grant and lands staff with one group on its dashboard', async () => {
    const { calls } = api();
    const { router } = renderApp('/login');
    await signIn('jane', 'Secret#1', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/5/dashboard'));
    const tokenCall = calls.find((c) => c.url.pathname === '/api/v1/token')!;
    expect(String(tokenCall.body)).toBe('grant_type=password&userName=jane&password=Secret%231&isPersistent=true');
    expect(tokenCall.headers['x-ng-request']).toBe('true');
    expect(localStorage.getItem('registry.accessToken')).toBe('tok-1');
    expect(await screen.findByRole('heading', { name: /Maple Court/ })).toBeTruthy();
  });

  it('keeps the token for the tab only without remember me, and honours returnUrl', async () => {
    api({ 'GET /api/v1/admin/3': () => ({ status: 404, body: { message: 'Admin not found.' } }) });
    const { router } = renderApp('/login?returnUrl=%2Fadmin%2F3');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/3'));
    expect(sessionStorage.getItem('registry.accessToken')).toBe('tok-1');
    expect(localStorage.getItem('registry.accessToken')).toBeNull();
  });

  it('holds the user name and password to the token request limits, warning within 10 characters and at the limit', async () => {
    api();
    renderApp('/login');
    const userName = await screen.findByLabelText('User name');
    expect(userName.getAttribute('maxlength')).toBe('256');
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('128');
    await userEvent.click(userName);
    await userEvent.paste('u'.repeat(250));
    expect(screen.getByText('6 characters remaining.')).toBeTruthy();
    await userEvent.paste('u'.repeat(20));
    expect((userName as HTMLInputElement).value).toHaveLength(256);
    expect(screen.getByText('Maximum length of 256 characters reached.')).toBeTruthy();
    expect(userName.getAttribute('aria-describedby')).toContain('login-userName-limit');
  });

  it("shows the server's error_description", async () => {
    api({
      'POST /api/v1/token': () => ({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' },
      }),
    });
    renderApp('/login');
    await signIn();
    expect(await screen.findByText('The user name or password is incorrect.')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('clears the error of a failed attempt once the user corrects it, and signs in', async () => {
    let attempts = 0;
    api({
      'POST /api/v1/token': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' },
            }
          : { body: { access_token: 'tok-1', token_type: 'bearer', expires_in: 3600, userName: 'jane' } },
    });
    renderApp('/login');
    await signIn('jane', 'wrong');
    expect(await screen.findByText('The user name or password is incorrect.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('The user name or password is incorrect.')).toBeNull();
    await userEvent.click(screen.getByText('Sign in', { selector: 'button *' }));
    await waitFor(() => expect(getToken()).toBe('tok-1'));
    expect(screen.queryByText('The user name or password is incorrect.')).toBeNull();
  });

  it('reports a 200 without a token', async () => {
    api({ 'POST /api/v1/token': { token_type: 'bearer' } });
    renderApp('/login');
    await signIn();
    expect(
      await screen.findByText('Something went wrong while trying to login. No access token was returned.'),
    ).toBeTruthy();
  });

  it('refuses staff without groups and lets staff with several choose', async () => {
    api({ 'GET /api/v1/admingroups/directlyassignedgroups': [] });
    renderApp('/login');
    await signIn();
    expect(await screen.findByText('You are not assigned to any groups.')).toBeTruthy();
    expect(screen.getByText(/email support/)).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('offers a choice of groups and requires one', async () => {
    api({ 'GET /api/v1/admingroups/directlyassignedgroups': [group(5, 'Maple Court'), group(6, 'Oak Park')] });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-group'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You must select a group.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText(/Maple Court/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/5/dashboard'));
  });

  it('sends a pet owner to their own page', async () => {
    api({
      'GET /api/v1/account/userinfo': { ...baseUser, isAdmin: false, isPetOwner: true, petOwnerId: 42, roleId: 3 },
      'GET /api/v1/petowner/42': {
        id: 42,
        userName: 'owner',
        firstName: 'Olive',
        lastName: 'Owner',
        fullName: 'Olive Owner',
        email: null,
        phoneNumber: null,
        companyName: null,
        receiveEmails: true,
        isActive: true,
        address: null,
        groups: [],
        associatedProperty: null,
        pets: [],
        securityQuestion: null,
        adminNotes: null,
        bioPetNotes: null,
        showAncestryUpgradeModal: false,
        chewyPromoCode: null,
        fiCollarPromoCode: null,
        dateApproved: null,
        lastLogin: null,
        dateCreated: '2026-01-01T00:00:00.000Z',
      },
      'GET /api/v1/pet/getallpets/42': [],
    });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/petowner\/42\/?$/));
    expect(await screen.findByRole('heading', { name: /^Olive Owner/ })).toBeTruthy();
  });
});

describe('route guard and fallback', () => {
  it('sends an anonymous visitor of a protected page to login with the return URL', async () => {
    api();
    const { router } = renderApp('/system/emaillog?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ returnUrl: '/system/emaillog?page=2' });
  });

  it('drops a token the server refuses and asks to sign in again', async () => {
    sessionStorage.setItem('registry.accessToken', 'stale');
    api({ 'GET /api/v1/account/userinfo': () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    const { router } = renderApp('/account/manage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('sends a signed-in admin at an unknown URL to the first first-level group', async () => {
    sessionStorage.setItem('registry.accessToken', 'tok-1');
    api();
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/9/dashboard'));
  });

  it('sends a resident of an Ancestry property to the resident landing', async () => {
    sessionStorage.setItem('registry.accessToken', 'tok-1');
    api({
      'GET /api/v1/account/userinfo': {
        ...baseUser,
        userName: 'RES0000001',
        fullName: 'Rita Resident',
        isAdmin: false,
        residentId: 7,
      },
      'GET /api/v1/residents/7': { id: 7, groupId: 12 },
      'GET /api/v1/features/getfeaturesforgroup': ({ url }: MockCall) => ({
        body: url.searchParams.get('groupId') === '12' ? ['Ancestry'] : [],
      }),
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reg/overview'));
  });
});
