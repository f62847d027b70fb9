import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { holdAnswer } from '../../test/utils';
import { deleteConfirmed, dismissAncestryUpgrade, offersRemoveFromAll, showsAncestryUpgrade } from './petOwnerRules';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ownerUser = userInfo('petOwner', { id: 42, petOwnerId: 42 });
const manager = userInfo('propertyManager', { id: 7 });
const petOwner = (over: Record<string, unknown> = {}) => ({
  id: 42,
  userName: 'owner',
  firstName: 'Olive',
  lastName: 'Owner',
  fullName: 'Olive Owner',
  email: 'olive@example.com',
  phoneNumber: null,
  companyName: null,
  receiveEmails: true,
  isActive: true,
  address: null,
  groups: [{ id: 5, name: 'Oak Ridge', groupType: 4, isActive: true, residentPayEnabled: false }],
  associatedProperty: { id: 5, name: 'Oak Ridge' },
  pets: [
    { id: 1, name: 'Biscuit', sampleNumber: 'DN1000001', breed: 'Labrador Retriever', gender: 1, isActive: true },
    { id: 2, name: 'Pepper', sampleNumber: 'DN1000002', breed: null, gender: 2, isActive: false },
  ],
  securityQuestion: null,
  adminNotes: null,
  bioPetNotes: null,
  showAncestryUpgradeModal: false,
  chewyPromoCode: 'RETAIL-1',
  fiCollarPromoCode: null,
  dateApproved: '2026-01-02T00:00:00.000Z',
  lastLogin: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
  ...over,
});
const petRow = (id: number, name: string, sampleNumber: string) => ({
  id,
  petOwnerId: 42,
  petOwnerName: 'Olive Owner',
  name,
  breed: null,
  sampleNumber,
  customerFacingStatus: 0,
  isServiceAnimal: false,
  isActive: true,
  isFlagged: false,
  dateCreated: '2026-01-02T00:00:00.000Z',
  dateUpdated: '2026-01-02T00:00:00.000Z',
  statusLastUpdated: '2026-01-02T00:00:00.000Z',
  hasApprovedVerificationTest: false,
  isDnaVerificationCertificateRevoked: false,
});
const history = [
  {
    historyId: 11,
    id: 5,
    name: 'Oak Ridge',
    groupType: 4,
    dateAdded: '2026-01-02T00:00:00.000Z',
    moveOutDate: null,
    isMovedOut: false,
  },
  {
    historyId: 10,
    id: 6,
    name: 'Maple Court',
    groupType: 4,
    dateAdded: '2025-01-02T00:00:00.000Z',
    moveOutDate: '2025-12-01T00:00:00.000Z',
    isMovedOut: true,
  },
];

function setup(user: typeof ownerUser, over: Record<string, unknown> = {}) {
  return signedInAs(user, {
    'GET /api/v1/petowner/42': petOwner(),
    'GET /api/v1/petowner/getgrouphistoryforpetowner/42': history,
    'GET /api/v1/pet/getallpets/42': [petRow(1, 'Biscuit', 'DN1000001'), petRow(2, 'Pepper', 'DN1000002')],
    ...over,
  });
}

describe('pet owner page', () => {
  it('shows the owner their details, pets and promotions, with no admin actions', async () => {
    setup(ownerUser);
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    screen.getByText('olive@example.com');
    await screen.findByText('Pepper');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByText('Security question')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retail promo code' }));
    await screen.findByText('RETAIL-1');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Collar promo code' }));
    await screen.findByText('No promo code has been assigned yet.');
  });

  it('asks for the pets together with the owner, not once the owner has answered', async () => {
    const { calls, fn } = setup(ownerUser);
    const release = holdAnswer(fn, '/api/v1/petowner/42');
    renderApp('/petowner/42');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/pet/getallpets/42')).toBe(true));
    expect(calls.some((c) => c.url.pathname === '/api/v1/petowner/42')).toBe(false);
    release();
    await screen.findByText('Pepper');
  });

  it('offers the ancestry upgrade to the owner once, until dismissed', async () => {
    setup(ownerUser, { 'GET /api/v1/petowner/42': petOwner({ showAncestryUpgradeModal: true }) });
    const first = renderApp('/petowner/42');
    await screen.findByText("Discover your dog's ancestry");
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem('registry.ancestryUpgradeDismissed.42')).toBe('true');
    first.unmount();
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    expect(screen.queryByText("Discover your dog's ancestry")).toBeNull();
  });

  it('refuses to delete an owner with pets, with the spec’s message', async () => {
    const { calls } = setup(manager);
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await screen.findByText('Pets under pet owner must be removed before proceeding.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes an owner without pets only when the user name is typed exactly', async () => {
    const { calls } = setup(manager, {
      'GET /api/v1/petowner/42': petOwner({ pets: [] }),
      'DELETE /api/v1/petowner/42': { message: 'Pet Owner deleted successfully.' },
    });
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Confirmation text'), 'ownr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete pet owner' }));
    await screen.findByText('Invalid, please ensure you typed the username correctly.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.clear(within(dialog).getByLabelText('Confirmation text'));
    await userEvent.type(within(dialog).getByLabelText('Confirmation text'), 'owner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete pet owner' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await screen.findByText('Pet Owner deleted successfully.');
  });

  it('the groups tab removes from all groups and deletes a past entry', async () => {
    const { calls } = setup(manager, {
      'POST /api/v1/petowner/removefromallgroups/42': { message: 'Removed from all groups successfully.' },
      'DELETE /api/v1/petowner/deletepetownergrouphistoryentry/10': { message: 'Removed history entry successfully.' },
    });
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    const past = (await screen.findByText('Maple Court')).closest('tr')!;
    await userEvent.click(within(past as HTMLElement).getByRole('button', { name: 'Delete entry' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('Removed history entry successfully.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove from all groups' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from all' }));
    await screen.findByText('Removed from all groups successfully.');
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'DELETE /api/v1/petowner/deletepetownergrouphistoryentry/10',
      'POST /api/v1/petowner/removefromallgroups/42',
    ]);
  });

  it('add pets: an orphan’s sample number is attached after confirming, the other dog is created', async () => {
    const { calls } = setup(manager, {
      'POST /api/v1/pet/checkfororphanedpets': {
        message:
          'The following sample numbers belong to orphaned pets and will be attached to this pet owner: DN7654321.',
        orphans: [{ id: 9, name: 'Old', sampleNumber: 'DN7654321' }],
      },
      'POST /api/v1/pet/attachorphantopetowner': { message: 'Attached.' },
      'POST /api/v1/petowner/pets': { message: 'New dog(s) created successfully.', pets: [] },
    });
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add pets' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Dog 1 name'), 'Old');
    await userEvent.type(within(dialog).getByLabelText('Sample number'), 'dn7654321');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add another dog/ }));
    await userEvent.type(within(dialog).getByLabelText('Dog 2 name'), 'Newbie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(/belong to orphaned pets/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('New dog(s) created successfully.');
    const writes = calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.url.pathname)).toEqual([
      '/api/v1/pet/checkfororphanedpets',
      '/api/v1/pet/attachorphantopetowner',
      '/api/v1/petowner/pets',
    ]);
    expect(writes[1].body).toEqual({ petId: 9, newPetOwnerId: 42 });
    expect(writes[2].body).toMatchObject({ petOwnerId: 42, pets: [{ name: 'Newbie' }] });
  });

  it('add pets: a dog with no product is saved only after the spec’s confirmation', async () => {
    const { calls } = setup(manager, {
      'POST /api/v1/petowner/pets': { message: 'New dog(s) created successfully.', pets: [] },
    });
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add pets' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Dog 1 name'), 'Plain');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'PooPrints' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('One or more of your pets do not have a product assigned.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('New dog(s) created successfully.');
    const writes = calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.url.pathname)).toEqual(['/api/v1/petowner/pets']);
    expect(writes[0].body).toMatchObject({
      pets: [{ name: 'Plain', isPooPrints: false, isParentage: false, isPetId: false }],
    });
  });

  it('add pets: Enter on a scanned sample number moves to the dog’s name and saves nothing', async () => {
    const { calls } = setup(manager, {});
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add pets' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Sample number'), 'DN1234567{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Dog 1 name'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('add pets: a parentage admin’s new dogs take the Parentage product, not PooPrints (spec 3 §6)', async () => {
    setup({ ...manager, roleId: 6, role: 'ParentageManager' }, {});
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add pets' }));
    const dialog = await screen.findByRole('dialog');
    const checked = (name: string) => (within(dialog).getByRole('checkbox', { name }) as HTMLInputElement).checked;
    expect([checked('PooPrints'), checked('Parentage'), checked('Pet ID')]).toEqual([false, true, false]);
  });

  it('the DNA profile and DNA verification quick actions show where the dog has them and fetch the PDF', async () => {
    const createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:pdf');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const { calls } = setup(manager, {
      'GET /api/v1/usersettings/getdogquickactions': { value: 128 | 256 },
      'GET /api/v1/pet/getallpets/42': [
        { ...petRow(1, 'Biscuit', 'DN1000001'), customerFacingStatus: 300, hasApprovedVerificationTest: true },
        {
          ...petRow(2, 'Pepper', 'DN1000002'),
          customerFacingStatus: 300,
          hasApprovedVerificationTest: true,
          isDnaVerificationCertificateRevoked: true,
        },
        petRow(3, 'Rocky', 'DN1000003'),
      ],
      'GET /api/v1/pdfdownload/getdnaprofile/1': { pdf: true },
    });
    renderApp('/petowner/42');
    await screen.findByRole('heading', { name: /Olive Owner/ });
    await screen.findByLabelText('DNA profile Biscuit');
    screen.getByLabelText('DNA verification Biscuit');
    screen.getByLabelText('DNA profile Pepper');
    // A revoked certificate is no longer given out; a dog not yet complete has neither.
    expect(screen.queryByLabelText('DNA verification Pepper')).toBeNull();
    expect(screen.queryByLabelText('DNA profile Rocky')).toBeNull();
    await userEvent.click(screen.getByLabelText('DNA profile Biscuit'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.some((call) => call.url.pathname === '/api/v1/pdfdownload/getdnaprofile/1')).toBe(true);
  });

  it('a missing owner leads back to the dashboard with the spec’s message', async () => {
    setup(manager, { 'GET /api/v1/petowner/43': () => ({ status: 404, body: { message: 'Petowner not found' } }) });
    renderApp('/petowner/43');
    await screen.findByText('Returning to the dashboard');
    // No owner is shown while it returns.
    expect(screen.queryByRole('heading', { name: /Olive Owner/ })).toBeNull();
  });
});

describe('the group’s pet owners', () => {
  it('moves an owner out with the move-out email when asked', async () => {
    const row = {
      id: 42,
      userName: 'owner',
      fullName: 'Olive Owner',
      email: 'olive@example.com',
      phoneNumber: null,
      isActive: true,
      groupId: 5,
      groupName: 'Oak Ridge',
      petCount: 2,
      dateAdded: '2026-01-02T00:00:00.000Z',
      dateMoveOut: null,
    };
    const { calls } = setup(manager, {
      'GET /api/v1/groups/group/5': { id: 5, name: 'Oak Ridge', groupType: 4, isActive: true },
      'GET /api/v1/group/5': { id: 5, name: 'Oak Ridge', groupType: 4, isActive: true, adjacentProperties: [] },
      'GET /api/v1/group/getgroupmenuviewmodel/5': { dashboard: true, detail: true, petOwners: true },
      'GET /api/v1/petownergroups/5/petowners': { data: [row], totalRecords: 1 },
      'DELETE /api/v1/petownergroups/5/petowners/42': { message: "Removed from 'Oak Ridge' successfully." },
    });
    renderApp('/group/5/petowners');
    await userEvent.click(await screen.findByRole('button', { name: 'Move out' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Send the move-out email' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move out' }));
    await screen.findByText("Removed from 'Oak Ridge' successfully.");
    const call = calls.find((c) => c.method === 'DELETE')!;
    expect(call.url.searchParams.get('sendMoveOutEmail')).toBe('true');
  });
});

describe('pet owner rules', () => {
  const store = () => {
    const values = new Map<string, string>();
    return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
  };
  it('shows the ancestry upgrade only to a non-admin owner whose record asks for it, until dismissed', () => {
    const storage = store();
    const owner = { id: 1, showAncestryUpgradeModal: true };
    expect(showsAncestryUpgrade({ isAdmin: false, isPetOwner: true }, owner, storage)).toBe(true);
    expect(showsAncestryUpgrade({ isAdmin: true, isPetOwner: false }, owner, storage)).toBe(false);
    expect(
      showsAncestryUpgrade(
        { isAdmin: false, isPetOwner: true },
        { ...owner, showAncestryUpgradeModal: false },
        storage,
      ),
    ).toBe(false);
    dismissAncestryUpgrade(1, storage);
    expect(showsAncestryUpgrade({ isAdmin: false, isPetOwner: true }, owner, storage)).toBe(false);
    expect(showsAncestryUpgrade({ isAdmin: false, isPetOwner: true }, { ...owner, id: 2 }, storage)).toBe(true);
  });
  it('offers remove-from-all only with a current group; delete needs the exact user name', () => {
    expect(offersRemoveFromAll([{ isMovedOut: true }])).toBe(false);
    expect(offersRemoveFromAll([{ isMovedOut: true }, { isMovedOut: false }])).toBe(true);
    expect(deleteConfirmed('', '')).toBe(false);
    expect(deleteConfirmed('Owner', 'owner')).toBe(false);
    expect(deleteConfirmed('owner', 'owner')).toBe(true);
  });
});
