import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/renderApp';
import { mockFetch, testQueryClient } from '../test/utils';
import { flushPageViews, recordedPageViews } from '../lib/pageTracking';
import { logout } from '../lib/auth';
import { getToken, setToken } from '../lib/tokenStorage';
import { signedInAs, userInfo } from '../test/users';

afterEach(() => vi.unstubAllGlobals());

const user = userInfo('labAdmin', { fullName: 'Big Boss' });

function signedIn(over: Record<string, unknown> = {}) {
  return signedInAs(user, {
    'GET /api/v1/admingroups/directlyassignedgroups': [
      { id: 5, name: 'Maple Court', groupType: 4, isActive: true, parentId: null, isPrimaryAdmin: true },
    ],
    'GET /api/v1/group/5': { id: 5, name: 'Maple Court', groupType: 4, isActive: true, parentId: null },
    'GET /api/v1/admin/search': { data: [], totalRecords: 0 },
    'POST /api/v1/pageviews': { recorded: 1 },
    'GET /api/v1/groups/group': [
      {
        id: 5,
        name: 'Maple Court',
        label: 'Maple Court',
        groupType: 4,
        isActive: true,
        parentId: null,
        propertyPreRegisterCode: null,
        hasChildren: false,
        hasInactiveChildren: false,
        noLeaf: false,
      },
    ],
    ...over,
  });
}

describe('app shell', () => {
  it('shows the brand, version, assigned groups and tracks the page view', async () => {
    const { calls } = signedIn();
    renderApp('/group/5/dashboard');
    expect(await screen.findByRole('heading', { name: /Maple Court/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /PetDNA Registry v2\.0/ })).toBeTruthy();
    expect(await within(screen.getByRole('navigation', { name: 'Groups' })).findByText('Maple Court')).toBeTruthy();
    expect(recordedPageViews().at(-1)).toMatchObject({ path: '/group/5/dashboard', routeName: '/group/$id/dashboard' });
    // The views go to our own server in a batch, by route name.
    await flushPageViews();
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/pageviews');
    expect(sent?.body).toMatchObject({
      views: expect.arrayContaining([expect.objectContaining({ routeName: '/group/$id/dashboard' })]),
    });
    const call = calls.find((c) => c.url.pathname === '/api/v1/account/userinfo')!;
    expect(call.headers.Authorization).toBe('Bearer tok');
    expect(call.headers['x-ng-request']).toBe('true');
  });

  it('remembers the collapsed side menu', async () => {
    signedIn();
    renderApp('/group/5/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse side menu' }));
    expect(JSON.parse(localStorage.getItem('registry.layoutSettings')!)).toEqual({ siderCollapsed: true });
    expect(screen.getByRole('button', { name: 'Expand side menu' })).toBeTruthy();
  });

  it('opens the privacy policy from the footer', async () => {
    signedIn();
    renderApp('/group/5/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it('logs out from the user menu', async () => {
    const { calls } = signedIn({ 'POST /api/v1/account/logout': { restoredToken: null } });
    const { router } = renderApp('/group/5/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu, Big Boss' }));
    await userEvent.click(await screen.findByText('Log out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/account/logout')).toBe(true);
    expect(getToken()).toBeNull();
  });

  it('sends the user to login when any call answers 401', async () => {
    signedIn({ 'GET /api/v1/admin/search': () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    const { router } = renderApp('/admin?name=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ returnUrl: '/admin?name=x' });
    expect(getToken()).toBeNull();
  });
});

describe('logout', () => {
  it('restores the session that existed before signing in as another user', async () => {
    setToken('impersonation', true);
    sessionStorage.setItem('registry.orderCache', '{}');
    mockFetch({ 'POST /api/v1/account/logout': { restoredToken: 'original' } });
    const reload = vi.fn<(to: string) => void>();
    await logout(testQueryClient(), reload);
    expect(getToken()).toBe('original');
    expect(localStorage.getItem('registry.accessToken')).toBe('original');
    expect(sessionStorage.getItem('registry.orderCache')).toBeNull();
    expect(reload).toHaveBeenCalledWith('/');
  });

  it('signs out locally even when the server call fails', async () => {
    setToken('tok', false);
    mockFetch({ 'POST /api/v1/account/logout': () => ({ status: 500 }) });
    const reload = vi.fn<(to: string) => void>();
    await logout(testQueryClient(), reload);
    expect(getToken()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
