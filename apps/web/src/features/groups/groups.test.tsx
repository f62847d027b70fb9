import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes } from '@registry/contracts';
import { mockFetch, renderInRouter, renderWithProviders } from '../../test/utils';
import { GroupHierarchyPicker } from './components/GroupHierarchyPicker';
import { PetOwnerGroupSearchModal } from './components/PetOwnerGroupSearchModal';
import { CreateGroupAdminModal } from './components/CreateGroupAdminModal';
import { groupPageOf, groupPagePath, pageFitsGroupType } from '../../lib/groupPages';
import {
  groupActions,
  isAllowedPick,
  pickerDropsChildren,
  pickerShowsType,
  subgroupFilterFromRoute,
  wholePercent,
} from './groupRules';
import { logoFileProblem } from './components/LogoUploadCard';
import { buildCreateRequest } from './components/AddGroupModal';
import { GroupAdmins, sortAdminsByName } from './GroupAdminsPage';
import type { GroupAdminRow, GroupTreeNode } from './groups.api';
import { groupTreeNode as node } from '../../test/groups';

afterEach(() => vi.unstubAllGlobals());

const { HierarchyRoot, ManagementGroup, Distributorship, ParentageGroup, Property, DistributorshipManagementGroup } =
  GroupTypes;

describe('page fit (spec 2 §2)', () => {
  it('sends the subgroups page of a parentage group or property to the dashboard', () => {
    expect(pageFitsGroupType('subgroups', ParentageGroup)).toBe(false);
    expect(pageFitsGroupType('subgroups', Property)).toBe(false);
    expect(pageFitsGroupType('subgroups', Distributorship)).toBe(true);
    expect(groupPagePath(7, 'subgroups', Property)).toBe('/group/7/dashboard');
    expect(groupPagePath(7, 'subgroups', ManagementGroup)).toBe('/group/7/subgroups');
  });
  it('parentage for a property, results for a parentage group, preregistration for any non-property', () => {
    expect(pageFitsGroupType('parentage', Property)).toBe(false);
    expect(pageFitsGroupType('parentage', ParentageGroup)).toBe(true);
    expect(pageFitsGroupType('results', ParentageGroup)).toBe(false);
    expect(pageFitsGroupType('results', Property)).toBe(true);
    for (const type of [
      HierarchyRoot,
      ManagementGroup,
      Distributorship,
      ParentageGroup,
      DistributorshipManagementGroup,
    ])
      expect(pageFitsGroupType('preregistration', type)).toBe(false);
    expect(pageFitsGroupType('preregistration', Property)).toBe(true);
    expect(groupPagePath(3, 'detail', Property)).toBe('/group/3');
    expect(groupPagePath(3, 'admins', Property)).toBe('/group/3/admins');
  });
  it('reads the page of a group path', () => {
    expect(groupPageOf('/group/5')).toBe('detail');
    expect(groupPageOf('/group/5/subgroups')).toBe('subgroups');
    expect(groupPageOf('/admin/5')).toBeNull();
  });
});

describe('group rules', () => {
  it('hierarchy picker: allowed types, pet-owner groups hidden unless allowed', () => {
    expect(isAllowedPick(Property, [Property])).toBe(true);
    expect(isAllowedPick(Distributorship, [Property])).toBe(false);
    expect(pickerShowsType(Property, [Distributorship])).toBe(false);
    expect(pickerShowsType(ParentageGroup, [Distributorship, ManagementGroup])).toBe(false);
    expect(pickerShowsType(Property, [ParentageGroup])).toBe(true);
    expect(pickerShowsType(Distributorship, [Distributorship])).toBe(true);
    // The non-pet-owner view drops a Distributorship's children (spec 2 §5, spec 3 §5).
    expect(pickerDropsChildren(Distributorship, [Distributorship, ManagementGroup])).toBe(true);
    expect(pickerDropsChildren(ManagementGroup, [Distributorship, ManagementGroup])).toBe(false);
    expect(pickerDropsChildren(Distributorship, [Distributorship, Property])).toBe(false);
  });
  it('actions by type (spec 2 §4)', () => {
    expect(groupActions(HierarchyRoot)).toEqual({ add: true, move: false, delete: false, deactivate: false });
    expect(groupActions(DistributorshipManagementGroup)).toEqual({
      add: true,
      move: false,
      delete: true,
      deactivate: false,
    });
    expect(groupActions(Property)).toEqual({ add: false, move: true, delete: true, deactivate: true });
    expect(groupActions(ManagementGroup)).toEqual({ add: true, move: true, delete: true, deactivate: false });
  });
  it('subgroups isActiveFilter: nonzero Active, zero Inactive, default Active', () => {
    expect(subgroupFilterFromRoute(undefined)).toBe('Active');
    expect(subgroupFilterFromRoute('1')).toBe('Active');
    expect(subgroupFilterFromRoute(2)).toBe('Active');
    expect(subgroupFilterFromRoute('0')).toBe('Inactive');
    expect(subgroupFilterFromRoute('ActiveAndInactive')).toBe('ActiveAndInactive');
  });
  it('whole-number percentages, 0% for a zero denominator', () => {
    expect(wholePercent(1, 3)).toBe('33%');
    expect(wholePercent(2, 3)).toBe('67%');
    expect(wholePercent(5, 0)).toBe('0%');
  });
  it('logo checks: 2,000,000 bytes and images only', () => {
    expect(logoFileProblem({ size: 2_000_000, type: 'image/png' })).toBeNull();
    expect(logoFileProblem({ size: 2_000_001, type: 'image/png' })).toBe('File must be under 2mb.');
    expect(logoFileProblem({ size: 10, type: 'text/plain' })).toBe('File must be an image.');
  });
  it('add group: primary admin choice becomes the create flags', () => {
    const base = { name: 'N', groupType: Property, additionalAdminsFromExisting: [4] };
    const created = buildCreateRequest(
      9,
      { ...base, primaryChoice: 'create', newAdmin: { firstName: 'A', lastName: 'B', email: 'a@b.example', role: 8 } },
      false,
    );
    expect(created).toMatchObject({
      parentId: 9,
      groupType: Property,
      createNewUser: true,
      inheritPrimaryAdminFromParent: false,
      primaryAdminToBeCreated: { email: 'a@b.example', userName: 'a@b.example' },
      additionalAdminsFromExisting: [4],
    });
    expect(buildCreateRequest(9, { ...base, primaryChoice: 'inherit' }, false)).toMatchObject({
      createNewUser: false,
      inheritPrimaryAdminFromParent: true,
      primaryAdminToBeCreated: null,
    });
    expect(
      buildCreateRequest(9, { ...base, primaryChoice: 'existing', selectedPrimaryAdminId: 12 }, false),
    ).toMatchObject({ createNewUser: false, selectedPrimaryAdminId: 12 });
  });
  it('admins sorted by name', () => {
    const row = (fullName: string) => ({ fullName }) as GroupAdminRow;
    expect(sortAdminsByName([row('zed'), row('Amy'), row('bob')]).map((r) => r.fullName)).toEqual([
      'Amy',
      'bob',
      'zed',
    ]);
  });
});

describe('GroupHierarchyPicker', () => {
  it('refuses a group whose type is not allowed and hides properties when not allowed', async () => {
    mockFetch({
      'GET /api/v1/groups/group': [node(1, 'Root', HierarchyRoot, { hasChildren: true, noLeaf: true })],
      'GET /api/v1/groups/group/getchildren/1': [
        node(2, 'North Dist', Distributorship),
        node(3, 'Lone Property', Property),
      ],
    });
    const onPick = vi.fn<(g: GroupTreeNode) => void>();
    renderWithProviders(
      <GroupHierarchyPicker open allowedTypes={[Distributorship]} onPick={onPick} onCancel={vi.fn<() => void>()} />,
    );
    await userEvent.click(await screen.findByText('Root'));
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('No valid groups selected.')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
    const switcher = document.querySelector('.ant-tree-switcher') as HTMLElement;
    await userEvent.click(switcher);
    await userEvent.click(await screen.findByText('North Dist'));
    expect(screen.queryByText('Lone Property')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 })));
  });
});

describe('PetOwnerGroupSearchModal', () => {
  it('reloads on Enter with the trimmed name and returns the chosen group', async () => {
    const rows = [
      {
        id: 31,
        name: 'Maple Court',
        groupType: Property,
        isActive: true,
        parentId: 2,
        parentName: 'North Dist',
        propertyPreRegisterCode: 'ABC',
      },
      {
        id: 32,
        name: 'Breeders',
        groupType: ParentageGroup,
        isActive: true,
        parentId: 2,
        parentName: 'North Dist',
        propertyPreRegisterCode: null,
      },
    ];
    const { calls } = mockFetch({
      'GET /api/v1/group/getpetownergroupsofcurrentadmin': { data: rows, totalRecords: 2 },
    });
    const onSelect = vi.fn<(g: unknown) => void>();
    renderWithProviders(<PetOwnerGroupSearchModal open onSelect={onSelect} onCancel={vi.fn<() => void>()} />);
    await screen.findByText('Maple Court');
    await userEvent.type(screen.getByLabelText('Group name'), ' maple {Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('name') === 'maple')).toBe(true));
    await userEvent.click(screen.getByText('Breeders'));
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 32 }));
  });
});

describe('CreateGroupAdminModal', () => {
  it('offers to add the admin an email belongs to', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/group/5': { id: 5, name: 'Oak Ridge Apartments', groupType: 4 },
      'GET /api/v1/account/getcreatableadminroles': [{ id: 7, name: 'PropertyManager' }],
      'POST /api/v1/groupadmin/5/createadmin': {
        isEmailAlreadyExists: true,
        isEmailAlreadyAssignedToAdmin: true,
        existingUserFullName: 'Priya Shah',
        existingUserId: 44,
        admin: null,
      },
      'PUT /api/v1/groups/5/admins/44': { admins: [], isHierarchyRoot: false },
    });
    renderWithProviders(<CreateGroupAdminModal groupId={5} open onClose={vi.fn<() => void>()} />);
    await userEvent.type(screen.getByLabelText('First name'), 'Priya');
    await userEvent.type(screen.getByLabelText('Last name'), 'Shah');
    await userEvent.type(screen.getByLabelText('Email'), 'p@x.example');
    await userEvent.click(screen.getByLabelText('Role'));
    await userEvent.click(await screen.findByTitle('Property manager'));
    // The roles offered are those that run a Property.
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/api/v1/account/getcreatableadminroles' && c.url.searchParams.get('groupType') === '4',
      ),
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(
      await screen.findByText(
        "Email 'p@x.example' belongs to Admin 'Priya Shah'. Would you like to add them as an admin to this group?",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add admin' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/v1/groups/5/admins/44')).toBe(true),
    );
  });
});

describe('GroupAdmins', () => {
  const admin = (id: number, fullName: string, isPrimaryAdmin: boolean) => ({
    id,
    fullName,
    userName: fullName.toLowerCase(),
    email: null,
    roleId: 7,
    role: 'PropertyManager',
    isActive: true,
    isPrimaryAdmin,
    isInherited: false,
    inheritedFromGroupId: null,
  });
  it('lists admins by name; removing the primary admin names who becomes primary and lets the user pick', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/groupadmin/5': {
        admins: [admin(2, 'Zoe', false), admin(1, 'Amy', true), admin(3, 'Bob', false)],
        isHierarchyRoot: false,
      },
      'DELETE /api/v1/groups/5/admins/1': {
        admins: [admin(2, 'Zoe', true), admin(3, 'Bob', false)],
        isHierarchyRoot: false,
        promptMakePrimary: false,
        remainingAdminId: null,
      },
    });
    renderInRouter(() => <GroupAdmins groupId={5} />);
    await screen.findByText('Amy');
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names.indexOf('Amy')).toBeLessThan(names.indexOf('Zoe'));
    // Amy is primary: her first action is Remove.
    const amyRow = screen.getByText('Amy').closest('tr')!;
    await userEvent.click(within(amyRow as HTMLElement).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Remove Amy from this group?');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Bob will become the primary admin of this group.');
    await userEvent.click(within(dialog).getByLabelText('New primary admin'));
    await userEvent.click(await screen.findByTitle('Zoe (Property manager)'));
    expect(dialog.textContent).toContain('Zoe will become the primary admin of this group.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url.searchParams.get('newPrimaryAdminId')).toBe('2');
  });

  it('remove from all groups: names who becomes primary in each group the admin leads, and sends the picks', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/groupadmin/5': {
        admins: [admin(2, 'Zoe', false), admin(1, 'Amy', true), admin(3, 'Bob', false)],
        isHierarchyRoot: false,
      },
      'GET /api/v1/admin/1/groups': [
        { id: 5, name: 'Oak Ridge', groupType: 3, isActive: true, isPrimaryAdmin: true },
        { id: 6, name: 'Elm Court', groupType: 3, isActive: true, isPrimaryAdmin: true },
        { id: 7, name: 'Pine Hill', groupType: 3, isActive: true, isPrimaryAdmin: false },
      ],
      // Elm Court has no other admin of its own (inherited ones do not count): nothing to choose there.
      'GET /api/v1/groupadmin/6': {
        admins: [admin(1, 'Amy', true), { ...admin(9, 'Ian', false), isInherited: true }],
        isHierarchyRoot: false,
      },
      'POST /api/v1/groupadmin/removefromallgroups/1': { message: 'Removed from all groups successfully.' },
    });
    renderInRouter(() => <GroupAdmins groupId={5} />);
    const amyRow = (await screen.findByText('Amy')).closest('tr')!;
    await userEvent.click(within(amyRow as HTMLElement).getByRole('button', { name: 'More actions for Amy' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from all groups' }));
    await screen.findByText('Remove Amy from all groups?');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Bob will become the primary admin of Oak Ridge.');
    expect(dialog.textContent).not.toContain('Elm Court');
    await userEvent.click(within(dialog).getByLabelText('New primary admin of Oak Ridge'));
    await userEvent.click(await screen.findByTitle('Zoe (Property manager)'));
    expect(dialog.textContent).toContain('Zoe will become the primary admin of Oak Ridge.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from all groups' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      newPrimaryAdmins: [{ groupId: 5, newPrimaryAdminId: 2 }],
    });
    expect(calls.some((c) => c.url.pathname === '/api/v1/groupadmin/7')).toBe(false);
  });

  it('after a removal that leaves one non-primary admin, offers to make them primary', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/groupadmin/5': { admins: [admin(2, 'Zoe', false), admin(4, 'Kim', false)], isHierarchyRoot: false },
      'DELETE /api/v1/groups/5/admins/4': {
        admins: [admin(2, 'Zoe', false)],
        isHierarchyRoot: false,
        promptMakePrimary: true,
        remainingAdminId: 2,
      },
      'PUT /api/v1/groups/5/setprimaryadminforgroup/2': { admins: [admin(2, 'Zoe', true)], isHierarchyRoot: false },
    });
    renderInRouter(() => <GroupAdmins groupId={5} />);
    const kimRow = (await screen.findByText('Kim')).closest('tr')!;
    await userEvent.click(within(kimRow as HTMLElement).getByRole('button', { name: 'More actions for Kim' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await screen.findByText('Remove Kim from this group?');
    expect(screen.queryByText(/will become the primary admin/)).toBeNull();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Would you like to make the remaining admin Zoe the primary admin of this group?'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make primary' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/v1/groups/5/setprimaryadminforgroup/2'),
      ).toBe(true),
    );
  });
});
