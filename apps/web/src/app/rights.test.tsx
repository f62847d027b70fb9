// The rights table in the screens: actions a role may not take are not shown, and a borrowed session says whose it is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/renderApp';
import { getToken } from '../lib/tokenStorage';
import { signedInAs, userInfo, type SignedInUser } from '../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = (over: Partial<SignedInUser> = {}) => userInfo('propertyManager', over);
const group = { id: 5, name: 'Oak Ridge', groupType: 4, isActive: true, parentId: null, isPrimaryAdmin: true };
const admin = (roleId: number, role: string) => ({
  id: 3,
  userName: 'other',
  firstName: 'Other',
  lastName: 'Admin',
  fullName: 'Other Admin',
  email: 'other@example.com',
  phoneNumber: null,
  companyName: null,
  roleId,
  role,
  isBioPetAdmin: false,
  isActive: true,
  receiveEmails: true,
  adminNotes: null,
  bioPetNotes: null,
  address: null,
  groups: [group],
  lastLogin: null,
  dateCreated: '2026-01-02T10:00:00Z',
});

function signedIn(user: SignedInUser, over: Record<string, unknown> = {}) {
  return signedInAs(user, {
    'GET /api/v1/admingroups/directlyassignedgroups': [group],
    'GET /api/v1/groups/group': [],
    'GET /api/v1/admin/3/groups': [group],
    ...over,
  });
}

describe('admin actions by the rights table', () => {
  it('a property manager sees no actions and no security answer for a peer', async () => {
    signedIn(me(), { 'GET /api/v1/admin/3': admin(7, 'PropertyManager') });
    renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Other Admin/ });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByText('Security question')).toBeNull();
  });

  it('a property manager acts on property maintenance', async () => {
    signedIn(me(), { 'GET /api/v1/admin/3': admin(8, 'PropertyMaintenance') });
    renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Other Admin/ });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign in as this admin' })).toBeTruthy();
    expect(screen.getByText('Security question')).toBeTruthy();
  });
});

describe('signed in as another user', () => {
  it('the header names the account in use and returns to one’s own without a password', async () => {
    const location = { ...window.location, assign: vi.fn<(url: string) => void>() };
    vi.stubGlobal('location', location);
    const { calls } = signedIn(me({ impersonatedBy: 'boss' }), {
      'POST /api/v1/account/logout': { restoredToken: 'original' },
    });
    renderApp('/account/manage');
    expect(await screen.findByText(/Using the account of/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('signed in by boss');
    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/account/logout')).toBe(true),
    );
    await waitFor(() => expect(getToken()).toBe('original'));
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('no bar on one’s own session', async () => {
    signedIn(me());
    renderApp('/account/manage');
    await screen.findByRole('button', { name: /User menu/ });
    expect(screen.queryByText(/Using the account of/)).toBeNull();
  });
});
