import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { type MockCall } from '../../test/utils';
import { signedInAs, userInfo } from '../../test/users';
import { assignedProperty as group } from '../../test/groups';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');
const admin = {
  id: 3,
  userName: 'pmgr',
  firstName: 'Pat',
  lastName: 'Manager',
  fullName: 'Pat Manager',
  email: null as string | null,
  phoneNumber: null,
  companyName: null,
  roleId: 7,
  role: 'PropertyManager',
  isBioPetAdmin: false,
  isActive: false,
  receiveEmails: true,
  adminNotes: 'old',
  bioPetNotes: null,
  address: null,
  groups: [group(5, 'Maple Court')],
  lastLogin: null,
  dateCreated: '2026-01-02T10:00:00Z',
};

function setup(over: Record<string, unknown> = {}, adminOver: Partial<typeof admin> = {}) {
  return signedInAs(me, {
    'GET /api/v1/admin/3': { ...admin, ...adminOver },
    'GET /api/v1/admin/3/groups': [group(5, 'Maple Court')],
    'GET /api/v1/admingroups/directlyassignedgroups': [group(5, 'Maple Court'), group(6, 'Oak Park')],
    'GET /api/v1/admin/3/securityquestion': { securityQuestion: 'First pet?', securityQuestionAnswer: 'Rex' },
    'PUT /api/v1/admin/3': ({ body }: MockCall) => ({ body: { ...admin, ...(body as object) } }),
    'PUT /api/v1/admin/activate/3': { message: 'Admin activated.' },
    'DELETE /api/v1/admin/3': { message: 'Admin deleted successfully.' },
    'POST /api/v1/admin/3/groups/6': [group(5, 'Maple Court'), group(6, 'Oak Park')],
    'GET /api/v1/admin/search': { data: [], totalRecords: 0 },
    ...over,
  });
}

describe('admin screen', () => {
  it('shows the role by its one display name, on the admin page and in the search', async () => {
    setup({
      'GET /api/v1/admin/search': {
        data: [
          {
            id: 4,
            userName: 'lab',
            fullName: 'Lab Person',
            email: null,
            roleId: 0,
            role: 'BioPetLabAdmin',
            isActive: true,
          },
        ],
        totalRecords: 1,
      },
    });
    renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Pat Manager/ });
    expect(screen.getByText('Property manager')).toBeTruthy();
    expect(screen.queryByText(/PropertyManager|Property Manager/)).toBeNull();
  });
  it('lists roles in the admin search by their display names', async () => {
    setup({
      'GET /api/v1/admin/search': {
        data: [
          {
            id: 4,
            userName: 'lab',
            fullName: 'Lab Person',
            email: null,
            roleId: 0,
            role: 'BioPetLabAdmin',
            isActive: true,
          },
        ],
        totalRecords: 1,
      },
    });
    renderApp('/admin');
    expect(await screen.findByText('Lab admin')).toBeTruthy();
    expect(screen.queryByText(/BioPetLabAdmin|Bio Pet Lab Admin/)).toBeNull();
  });
  it('refuses to activate an admin without an email', async () => {
    const { calls } = setup();
    renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Pat Manager/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    expect(await screen.findByText('This admin needs an email before being activated.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.includes('/activate/'))).toBe(false);
  });

  it('activates an admin with an email', async () => {
    const { calls } = setup({}, { email: 'pat@example.com' });
    renderApp('/admin/details/3');
    await screen.findByRole('heading', { name: /Pat Manager/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/v1/admin/activate/3')).toBe(true),
    );
  });

  it('deactivates after confirmation', async () => {
    const { calls } = setup(
      { 'PUT /api/v1/admin/deactivate/3': { message: 'Admin deactivated.' } },
      { isActive: true, email: 'pat@example.com' },
    );
    renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Pat Manager/ });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url.pathname.includes('/deactivate/'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/v1/admin/deactivate/3')).toBe(true),
    );
  });

  it('deletes only after the user name is typed', async () => {
    const { calls } = setup({}, { isActive: true, email: 'pat@example.com' });
    const { router } = renderApp('/admin/3');
    await screen.findByRole('heading', { name: /Pat Manager/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const input = await screen.findByLabelText('Confirmation text');
    await userEvent.type(input, 'pmgr2');
    await userEvent.click(screen.getByRole('button', { name: 'Delete admin' }));
    expect(
      await screen.findByText('Invalid confirmation text. Please ensure you have typed the username correctly.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, 'pmgr');
    await userEvent.click(screen.getByRole('button', { name: 'Delete admin' }));
    expect(await screen.findByText('Admin deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('test mode fills the admin form and the notes with fake data', async () => {
    sessionStorage.setItem('registry.testMode', 'true');
    setup({ 'GET /api/v1/account/userinfo': { ...me, testModeAvailable: true } }, { email: 'pat@example.com' });
    renderApp('/admin/3');
    const notes = (await screen.findByLabelText('Admin notes')) as HTMLTextAreaElement;
    await waitFor(() => expect(notes.value).toBe('old'));
    const notesCard = notes.closest('.ant-card') as HTMLElement;
    await userEvent.click(within(notesCard).getByRole('button', { name: /Fill with test data/ }));
    await waitFor(() => expect(notes.value).not.toBe('old'));
    expect(notes.value.length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit admin' });
    const first = within(form).getByLabelText('First Name') as HTMLInputElement;
    expect(first.value).toBe('Pat');
    await userEvent.click(within(form).getByRole('button', { name: /Fill with test data/ }));
    await waitFor(() => expect(first.value).not.toBe('Pat'));
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toMatch(/@example\.com$/);
    expect((within(form).getByLabelText('User Name') as HTMLInputElement).value).toBe('pmgr');
    sessionStorage.removeItem('registry.testMode');
  });

  it('saves notes with the full update body', async () => {
    const { calls } = setup();
    renderApp('/admin/3');
    const notes = await screen.findByLabelText('Admin notes');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Prefers email');
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Saved Successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      adminId: 3,
      userName: 'pmgr',
      roleId: 7,
      adminNotes: 'Prefers email',
    });
  });

  it('adds the admin to a group, requiring a choice', async () => {
    const { calls } = setup();
    renderApp('/admin/3');
    const addButton = await screen.findByRole('button', { name: 'Add to group' });
    await userEvent.click(addButton);
    expect(await screen.findByText('You must select a group.')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Group to add' }));
    const dropdown = document.querySelector('.ant-select-dropdown') as HTMLElement;
    await userEvent.click(await within(dropdown).findByText('Oak Park (Property)'));
    await userEvent.click(addButton);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/admin/3/groups/6')).toBe(true),
    );
  });

  it("removing the admin from a group they lead names who becomes primary, as the group's page does", async () => {
    const groupAdmin = (id: number, fullName: string, isPrimaryAdmin: boolean, isInherited = false) => ({
      id,
      fullName,
      userName: fullName.toLowerCase(),
      email: null,
      roleId: 7,
      role: 'PropertyManager',
      isActive: true,
      isPrimaryAdmin,
      isInherited,
      inheritedFromGroupId: null,
    });
    const { calls } = setup({
      'GET /api/v1/admin/3/groups': [{ ...group(5, 'Maple Court'), isPrimaryAdmin: true }],
      'GET /api/v1/groupadmin/5': {
        admins: [groupAdmin(3, 'Pat Manager', true), groupAdmin(8, 'Zed', false), groupAdmin(9, 'Ann', false)],
        isHierarchyRoot: false,
      },
      'DELETE /api/v1/admin/3/groups/5': [],
    });
    renderApp('/admin/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from Maple Court' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('Ann will become the primary admin of this group.'));
    await userEvent.click(within(dialog).getByLabelText('New primary admin'));
    await userEvent.click(await screen.findByTitle('Zed (Property manager)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url.searchParams.get('newPrimaryAdminId')).toBe('8');
  });

  it('answers an impossible id without calling the server', async () => {
    const { calls } = setup();
    renderApp('/admin/abc');
    expect(await screen.findByText('Admin not found')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/admin/'))).toBe(false);
  });

  it('shows the security question on request', async () => {
    setup();
    renderApp('/admin/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Show security question' }));
    expect(await screen.findByText('First pet?')).toBeTruthy();
    expect(screen.getByText('Rex')).toBeTruthy();
  });
});
