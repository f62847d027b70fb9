// Group pages as the whole app shows them: the side tree opened down to a group opened by URL, the dashboard mode in
// the URL, and removing an admin with the offer to deactivate them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { holdAnswer, mockFetch, renderInRouter, type MockCall } from '../../test/utils';
import { GroupAdmins } from './GroupAdminsPage';
import { keysToReveal } from './components/GroupTree';
import { signedInAs, userInfo, type SignedInUser } from '../../test/users';
import { groupTreeNode as node } from '../../test/groups';

afterEach(() => vi.unstubAllGlobals());

const staff = userInfo('labAdmin');
const block = { counts: { total: 0 }, percentages: { total: 0 } };
const menu = {
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
};

/** Root > Sunbelt > Harbor > (Maple Court, inactive Old Court); Old Court is opened by URL. */
function signedIn(user: SignedInUser = staff) {
  return signedInAs(user, {
    'GET /api/v1/admingroups/directlyassignedgroups': [
      { id: 1, name: 'Registry', groupType: 0, isActive: true, parentId: null, isPrimaryAdmin: true },
    ],
    'GET /api/v1/groups/group': [node(1, 'Registry', GroupTypes.HierarchyRoot, { hasChildren: true, noLeaf: true })],
    'GET /api/v1/groups/group/getchildren/1': [
      node(2, 'Sunbelt', GroupTypes.Distributorship, { parentId: 1, hasChildren: true, noLeaf: true }),
    ],
    'GET /api/v1/groups/group/getchildren/2': [
      node(3, 'Harbor', GroupTypes.ManagementGroup, {
        parentId: 2,
        hasChildren: true,
        hasInactiveChildren: true,
        noLeaf: true,
      }),
    ],
    'GET /api/v1/groups/group/getchildren/3': (call: MockCall) => ({
      body:
        call.url.searchParams.get('inactive') === 'true'
          ? [node(31, 'Old Court', GroupTypes.Property, { parentId: 3, isActive: false })]
          : [node(30, 'Maple Court', GroupTypes.Property, { parentId: 3 })],
    }),
    'GET /api/v1/group/31': {
      id: 31,
      name: 'Old Court',
      groupType: GroupTypes.Property,
      isActive: false,
      parentId: 3,
      ancestorIds: [1, 2, 3],
    },
    'GET /api/v1/group/getgroupmenuviewmodel/31': menu,
    'GET /api/v1/groupdashboard': (call: MockCall) => ({
      body: {
        groupId: 31,
        dashboardMode: Number(call.url.searchParams.get('dashboardMode')),
        groups: block,
        petSamples: block,
        residents: block,
        wasteSamples: block,
        wasteSamplesTracked: false,
      },
    }),
  });
}

const dashboardModes = (calls: MockCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/v1/groupdashboard').map((c) => c.url.searchParams.get('dashboardMode'));
const selectedMode = () => document.querySelector('.ant-segmented-item-selected')?.textContent;

describe('side group tree', () => {
  it('opens the path down to a group opened by URL and highlights it, loading only that path', async () => {
    const { calls } = signedIn();
    renderApp('/group/31/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Groups' });
    const current = await within(nav).findByText('Old Court');
    expect(current.closest('.ant-tree-node-selected')).toBeTruthy();
    expect(within(nav).getByText('Inactive Groups')).toBeTruthy();
    expect(within(nav).getByText('Maple Court')).toBeTruthy();
    const loaded = calls
      .filter((c) => c.url.pathname.startsWith('/api/v1/groups/group/getchildren/'))
      .map((c) => `${c.url.pathname.split('/').at(-1)}${c.url.search}`);
    expect(new Set(loaded)).toEqual(new Set(['1', '2', '3', '3?inactive=true']));
  });

  it('opens nothing above the first level the user sees', () => {
    const firstLevel = [node(3, 'Harbor', GroupTypes.ManagementGroup)];
    expect(keysToReveal({ id: 31, isActive: true, ancestorIds: [1, 2, 3] }, firstLevel)).toEqual(['g:3']);
    expect(keysToReveal({ id: 3, isActive: true, ancestorIds: [1, 2] }, firstLevel)).toEqual([]);
    expect(keysToReveal({ id: 31, isActive: false, ancestorIds: [1, 2, 3] }, firstLevel)).toEqual(['g:3', 'i:3']);
    expect(keysToReveal({ id: 9, isActive: true, ancestorIds: [1, 8] }, firstLevel)).toBeNull();
  });
});

describe('group dashboard mode', () => {
  it('is read from and written to the URL, so reload and back keep it', async () => {
    const { calls } = signedIn();
    const { router } = renderApp('/group/31/dashboard?dashboardMode=2');
    await waitFor(() => expect(dashboardModes(calls)).toContain('2'));
    await waitFor(() => expect(selectedMode()).toBe('Active & Inactive'));
    expect(dashboardModes(calls)).not.toContain('0');
    await userEvent.click(
      screen.getByText('Inactive', { selector: '.ant-segmented-item-label, .ant-segmented-item-label *' }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ dashboardMode: '1' }));
    await waitFor(() => expect(dashboardModes(calls)).toContain('1'));
    await userEvent.click(
      screen.getByText('Active', { selector: '.ant-segmented-item-label, .ant-segmented-item-label *' }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    router.history.back();
    await waitFor(() => expect(selectedMode()).toBe('Inactive'));
    expect(router.state.location.search).toEqual({ dashboardMode: '1' });
  });

  it('asks for the counts together with the group, not once the group has answered', async () => {
    const { calls, fn } = signedIn();
    const release = holdAnswer(fn, '/api/v1/group/31');
    renderApp('/group/31/dashboard');
    await waitFor(() => expect(dashboardModes(calls)).toEqual(['0']));
    expect(calls.some((c) => c.url.pathname === '/api/v1/group/31')).toBe(false);
    release();
    await screen.findByRole('table', { name: 'Pet samples counts' });
  });

  it('shows Active to someone who is not registry staff when the URL asks for Global', async () => {
    const { calls } = signedIn({ ...staff, roleId: 4, role: 'Distributor', isBioPetAdmin: false });
    renderApp('/group/31/dashboard?dashboardMode=3');
    await waitFor(() => expect(dashboardModes(calls)).toEqual(['0']));
    await waitFor(() => expect(selectedMode()).toBe('Active'));
    expect(screen.queryByText('Global')).toBeNull();
  });
});

describe('removing an admin from a group', () => {
  const admin = (id: number, fullName: string, isPrimaryAdmin: boolean, isActive = true) => ({
    id,
    fullName,
    userName: fullName.toLowerCase(),
    email: null,
    roleId: 8,
    role: 'PropertyManager',
    isActive,
    isPrimaryAdmin,
    isInherited: false,
    inheritedFromGroupId: null,
  });

  it('can also deactivate the admin, and still offers to make the remaining admin primary', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/groupadmin/5': { admins: [admin(2, 'Zoe', false), admin(1, 'Amy', true)], isHierarchyRoot: false },
      'DELETE /api/v1/groups/5/admins/1': {
        admins: [admin(2, 'Zoe', false)],
        isHierarchyRoot: false,
        promptMakePrimary: true,
        remainingAdminId: 2,
      },
    });
    renderInRouter(() => <GroupAdmins groupId={5} />);
    const amyRow = (await screen.findByText('Amy')).closest('tr') as HTMLElement;
    await userEvent.click(within(amyRow).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also deactivate this admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Amy removed from the group and deactivated.')).toBeTruthy();
    const removal = calls.find((c) => c.method === 'DELETE')!;
    expect(removal.url.searchParams.get('deactivateAdmin')).toBe('true');
    expect(
      await screen.findByText('Would you like to make the remaining admin Zoe the primary admin of this group?'),
    ).toBeTruthy();
  });

  it('leaves the admin active unless asked, and offers no deactivation for an inactive admin', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/groupadmin/5': {
        admins: [admin(1, 'Amy', true), admin(2, 'Zoe', false, false)],
        isHierarchyRoot: false,
      },
      'DELETE /api/v1/groups/5/admins/1': {
        admins: [admin(2, 'Zoe', false, false)],
        isHierarchyRoot: false,
        promptMakePrimary: false,
        remainingAdminId: null,
      },
    });
    renderInRouter(() => <GroupAdmins groupId={5} />);
    const zoeRow = (await screen.findByText('Zoe')).closest('tr') as HTMLElement;
    await userEvent.click(within(zoeRow).getByRole('button', { name: 'More actions for Zoe' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(await screen.findByText('Remove Zoe from this group?')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Also deactivate this admin' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const amyRow = screen.getByText('Amy').closest('tr') as HTMLElement;
    await userEvent.click(within(amyRow).getByRole('button', { name: 'Remove' }));
    const question = (await screen.findByText('Remove Amy from this group?')).closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    // Amy is primary: Zoe, the one other admin, is named as the new primary; nothing asks to deactivate.
    expect(calls.find((c) => c.method === 'DELETE')!.url.search).toBe('?newPrimaryAdminId=2');
  });
});
