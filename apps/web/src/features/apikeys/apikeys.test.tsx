// The group's API keys page against recorded answers: the list with its last use, creating a key (the request sent and
// the key shown once), and revoking only after the key's name is typed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const key = {
  id: 4,
  name: 'Yardi sync',
  prefix: 'pdr_Ab3xYz',
  readOnly: true,
  groups: [{ id: 31, name: 'Oak Court' }],
  createdBy: 'Pat Manager',
  dateCreated: '2026-11-01T10:00:00.000Z',
  expiresAt: '2027-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'Active' as const,
};

function setup() {
  return signedInAs(userInfo('labAdmin'), {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/groups/group': [],
    'GET /api/v1/group/31': {
      id: 31,
      name: 'Oak Court',
      groupType: GroupTypes.Property,
      isActive: true,
      parentId: 3,
      ancestorIds: [1, 3],
    },
    'GET /api/v1/group/getgroupmenuviewmodel/31': {
      groupId: 31,
      groupType: GroupTypes.Property,
      dashboard: true,
      detail: true,
      subgroups: false,
      admins: true,
      petOwners: true,
      pets: true,
      preRegLink: false,
      isPropertySteward: true,
      isParentageSteward: false,
      preRegCode: null,
    },
    'GET /api/v1/apikeys': { data: [key], totalRecords: 1 },
    'POST /api/v1/apikeys': { apiKey: { ...key, id: 5, name: 'Warehouse' }, key: 'pdr_secret-shown-once' },
    'POST /api/v1/apikeys/4/revoke': { ...key, status: 'Revoked', revokedAt: '2026-11-29T00:00:00.000Z' },
  });
}

describe('API keys page', { timeout: 240_000 }, () => {
  it('lists keys, creates one shown once, and revokes only after the name is typed', async () => {
    const { calls } = setup();
    renderApp('/group/31/apikeys');
    expect(await screen.findByText('Yardi sync', undefined, { timeout: 90_000 })).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/v1/apikeys')!;
    expect(list.url.searchParams.get('groupId')).toBe('31');

    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Warehouse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveProperty('textContent', 'pdr_secret-shown-once');
    const created = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/apikeys')!;
    expect(created.body).toEqual({ name: 'Warehouse', groupIds: [31], readOnly: true, expiresInDays: 365 });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = (await screen.findByText('Revoke API key')).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(confirm).getByRole('textbox'), 'Yardi sync');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/apikeys/4/revoke')).toBe(true));
  });
});
