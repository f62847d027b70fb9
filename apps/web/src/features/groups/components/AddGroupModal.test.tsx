import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes, Messages, UserRole } from '@registry/contracts';
import { mockFetch, renderInRouter } from '../../../test/utils';
import type { GroupDetails } from '../groups.api';
import {
  AddGroupModal,
  buildCreateRequest,
  newAdminPathOf,
  takeExistingAdminOffer,
  type AddGroupValues,
} from './AddGroupModal';

afterEach(() => vi.unstubAllGlobals());

const admin = (name: string, role: number = UserRole.PropertyManager) => ({
  firstName: 'New',
  lastName: name,
  email: `${name}@x.example`,
  role,
});
const offer = (field: string) => ({
  isEmailAlreadyAssignedToAdmin: true as const,
  existingUserId: 44,
  existingUserFullName: 'Priya Shah',
  email: 'p@x.example',
  field,
});

describe('add group: additional new admins', () => {
  const base: AddGroupValues = {
    name: 'N',
    groupType: GroupTypes.Property,
    primaryChoice: 'create',
    newAdmin: admin('first'),
    additionalAdminsFromExisting: [4],
    additionalAdminsToBeCreated: [admin('a'), admin('b', UserRole.PropertyMaintenance)],
  };

  it('sends each new additional admin with the email as user name', () => {
    expect(buildCreateRequest(9, base, false).additionalAdminsToBeCreated).toEqual([
      { ...admin('a'), userName: 'a@x.example' },
      { ...admin('b', UserRole.PropertyMaintenance), userName: 'b@x.example' },
    ]);
    expect(
      buildCreateRequest(9, { ...base, additionalAdminsToBeCreated: undefined }, false).additionalAdminsToBeCreated,
    ).toEqual([]);
  });

  it('taking an offer puts the existing admin in place of the new one', () => {
    expect(newAdminPathOf('primaryAdminToBeCreated')).toEqual(['newAdmin']);
    expect(newAdminPathOf('additionalAdminsToBeCreated.1')).toEqual(['additionalAdminsToBeCreated', 1]);
    expect(newAdminPathOf('name')).toBeNull();
    expect(takeExistingAdminOffer(base, offer('primaryAdminToBeCreated'))).toMatchObject({
      primaryChoice: 'existing',
      selectedPrimaryAdminId: 44,
      newAdmin: undefined,
    });
    const additional = takeExistingAdminOffer(base, offer('additionalAdminsToBeCreated.0'));
    expect(additional.additionalAdminsToBeCreated).toEqual([admin('b', UserRole.PropertyMaintenance)]);
    expect(additional.additionalAdminsFromExisting).toEqual([4, 44]);
    expect(
      takeExistingAdminOffer({ ...base, additionalAdminsFromExisting: [44] }, offer('additionalAdminsToBeCreated.0'))
        .additionalAdminsFromExisting,
    ).toEqual([44]);
  });
});

const root = {
  id: 1,
  name: 'PetDNA Registry',
  groupType: GroupTypes.HierarchyRoot,
  canSeeExtraFields: true,
} as GroupDetails;

function renderModal(createAnswers: { status?: number; body: unknown }[]) {
  const answers = [...createAnswers];
  const fetched = mockFetch({
    'GET /api/v1/account/getcreatableadminroles': (call: { url: URL }) => ({
      body:
        call.url.searchParams.get('groupType') === String(GroupTypes.Distributorship)
          ? [{ id: UserRole.Distributor, name: 'Distributor' }]
          : [
              { id: UserRole.Distributor, name: 'Distributor' },
              { id: UserRole.ManagementFirmManager, name: 'ManagementFirmManager' },
            ],
    }),
    'GET /api/v1/admin/search': { data: [], totalRecords: 0 },
    'POST /api/v1/distributor': () => answers.shift(),
    'POST /api/v1/groupadmin/grouprequested/77': { message: 'ok' },
  });
  const onClose = vi.fn<() => void>();
  renderInRouter(() => <AddGroupModal parent={root} open onClose={onClose} />);
  return { ...fetched, onClose };
}

async function fillAdmin(scope: HTMLElement, name: string) {
  await userEvent.type(within(scope).getByLabelText('First name'), 'New');
  await userEvent.type(within(scope).getByLabelText('Last name'), name);
  await userEvent.type(within(scope).getByLabelText('Admin email'), `${name}@x.example`);
}

describe('AddGroupModal', () => {
  it('adds new additional admins with the roles creatable for the type, and takes the offer of an existing admin', async () => {
    const created = { id: 77, name: 'Gulf Distribution', groupType: GroupTypes.Distributorship };
    const { calls, onClose } = renderModal([
      {
        status: 400,
        body: {
          message: 'The request is invalid.',
          modelState: { 'additionalAdminsToBeCreated.1.email': ['taken'] },
          ...offer('additionalAdminsToBeCreated.1'),
        },
      },
      { body: created },
    ]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Gulf Distribution');
    await fillAdmin(screen.getByRole('group', { name: 'New primary admin' }), 'gulf.lead');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a new admin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a new admin/ }));
    await fillAdmin(screen.getByRole('group', { name: 'New admin 1' }), 'gulf.helper');
    await fillAdmin(screen.getByRole('group', { name: 'New admin 2' }), 'p');
    // A Distributorship's only creatable role is preset for every new admin.
    await waitFor(() => expect(within(dialog).getAllByTitle('Distributor')).toHaveLength(3));
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/api/v1/account/getcreatableadminroles' && c.url.searchParams.get('groupType') === '2',
      ),
    ).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText(Messages.emailBelongsToAdmin('p@x.example', 'Priya Shah'))).toBeTruthy();
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/distributor');
    expect(posts()[0].body).toMatchObject({
      parentId: 1,
      groupType: GroupTypes.Distributorship,
      primaryAdminToBeCreated: { ...admin('gulf.lead', UserRole.Distributor), userName: 'gulf.lead@x.example' },
      additionalAdminsToBeCreated: [
        { ...admin('gulf.helper', UserRole.Distributor), userName: 'gulf.helper@x.example' },
        { ...admin('p', UserRole.Distributor), userName: 'p@x.example' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add admin' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].body).toMatchObject({
      additionalAdminsToBeCreated: [{ email: 'gulf.helper@x.example' }],
      additionalAdminsFromExisting: [44],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal of a pet owner's email and removes a new admin on request", async () => {
    const refusal = {
      message: 'The request is invalid.',
      modelState: { 'additionalAdminsToBeCreated.0.email': [Messages.emailAssignedToPetOwner('owner@x.example')] },
    };
    const { calls } = renderModal([{ status: 400, body: refusal }]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Gulf Distribution');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Inherit from the parent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a new admin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a new admin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove new admin 2' }));
    expect(screen.queryByRole('group', { name: 'New admin 2' })).toBeNull();
    const first = screen.getByRole('group', { name: 'New admin 1' });
    await fillAdmin(first, 'owner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText(Messages.emailAssignedToPetOwner('owner@x.example'))).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/distributor')!;
    expect(post.body).toMatchObject({
      inheritPrimaryAdminFromParent: true,
      primaryAdminToBeCreated: null,
      additionalAdminsToBeCreated: [{ email: 'owner@x.example', role: UserRole.Distributor }],
    });
  });
});
