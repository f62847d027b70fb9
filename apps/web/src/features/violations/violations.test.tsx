// The violation screens against recorded answers (issue 41): the group's Fines page (inherited schedule, ledger with
// its state filter in the URL, totals), the property's notice page and its review, and the owner's notice with its
// evidence, dispute and the card payment.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import type { MockCall } from '../../test/utils';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const manager = userInfo('propertyManager');
const owner = userInfo('petOwner');
const values = {
  firstOffenceAmount: 5000,
  secondOffenceAmount: 10000,
  laterOffenceAmount: 25000,
  lookBackDays: 365,
  daysToRespond: 14,
  daysToPay: 30,
  fineAdjacentMatches: false,
};
const notice = {
  id: 7,
  reference: 'VN-000007',
  state: 'Issued' as string,
  propertyId: 31,
  propertyName: 'Oak Ridge Apartments',
  unitNumber: '12B',
  petOwnerId: 5,
  ownerName: 'Jordan Blake',
  petId: 3,
  petName: 'Rex',
  petSampleNumber: 'DN0000003',
  wasteSampleNumber: 'TD0000009',
  dateCollected: '2026-11-20',
  matchResultId: 11,
  matchResultSetId: 12,
  isAdjacentPropertyMatch: false,
  offenceNumber: 1,
  originalAmount: 5000,
  amountDue: 5000,
  respondBy: '2099-12-01T00:00:00Z',
  payBy: '2099-12-20T00:00:00Z',
  dateIssued: '2026-11-25T15:00:00Z',
  certificateNumber: 'MC-2026-000004',
  verificationUrl: 'http://localhost/verify/ABCD2345EFGH6789',
  disputeReason: null as string | null,
  disputePhotoUrl: null as string | null,
  reswabRequested: false,
  reswabPassed: false,
  reviewNotes: null,
  appealReason: null,
  appealNotes: null,
  hasBeenAppealed: false,
  appealBy: null,
  paymentReference: null as string | null,
  datePaid: null,
  refundReference: null,
  voidReason: null,
  history: [{ at: '2026-11-25T15:00:00Z', action: 'Issued', by: 'Pat Manager', notes: null }],
};
const { history: _history, ...row } = notice;
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
const group = {
  'GET /api/v1/group/31': {
    id: 31,
    name: 'Oak Ridge Apartments',
    groupType: 4,
    isActive: true,
    parentId: 3,
    ancestorIds: [1, 3],
  },
  'GET /api/v1/group/getgroupmenuviewmodel/31': menu,
  'GET /api/v1/admingroups/directlyassignedgroups': [],
};

describe('fines page', () => {
  it('shows the inherited schedule, the ledger filtered by the URL and its totals', async () => {
    const { calls } = signedInAs(manager, {
      ...group,
      'GET /api/v1/groups/31/fineschedule': {
        groupId: 31,
        groupName: 'Oak Ridge Apartments',
        own: null,
        effective: values,
        inheritedFrom: { groupId: 3, groupName: 'Harbor Property Management' },
      },
      'GET /api/v1/groups/31/violations': { data: [{ ...row, state: 'Paid' }], totalRecords: 1 },
      'GET /api/v1/groups/31/violations/totals': {
        byProperty: [
          { propertyId: 31, propertyName: 'Oak Ridge Apartments', count: 1, charged: 5000, paid: 5000, outstanding: 0 },
        ],
        byOwner: [],
        repeatDogs: [],
      },
    });
    renderApp('/group/31/fines?state=Paid');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect((await screen.findByTestId('schedule-source')).textContent).toBe(
      'This group follows the fine schedule of Harbor Property Management.',
    );
    expect(await screen.findByRole('link', { name: 'VN-000007' })).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/groups/31/violations')!.url.searchParams;
    expect(q.get('state')).toBe('Paid');
    expect(screen.getByText('No dog has more than one notice.')).toBeTruthy();
    expect(screen.getAllByText('$50.00').length).toBeGreaterThan(0);
  });

  it('saves the schedule in cents', async () => {
    const { calls } = signedInAs(manager, {
      ...group,
      'GET /api/v1/groups/31/fineschedule': {
        groupId: 31,
        groupName: 'Oak Ridge Apartments',
        own: null,
        effective: null,
        inheritedFrom: null,
      },
      'PUT /api/v1/groups/31/fineschedule': (call: MockCall) => ({
        groupId: 31,
        groupName: 'Oak Ridge Apartments',
        own: call.body,
        effective: call.body,
        inheritedFrom: null,
      }),
      'GET /api/v1/groups/31/violations': { data: [], totalRecords: 0 },
      'GET /api/v1/groups/31/violations/totals': { byProperty: [], byOwner: [], repeatDogs: [] },
    });
    renderApp('/group/31/fines');
    expect(await screen.findByText(/No fine schedule is set/, undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('No violation notices. Issue one from an approved match on the Results tab.')).toBeTruthy();
    const first = screen.getByLabelText('First offence');
    await userEvent.clear(first);
    await userEvent.type(first, '75');
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as typeof values;
    expect(body).toMatchObject({ firstOffenceAmount: 7500, secondOffenceAmount: 10000, daysToPay: 30 });
  });
});

describe('notice pages', () => {
  it('the property reviews a dispute: uphold with notes', async () => {
    const photoUrl = '/api/v1/files/0123456789abcdef0123456789abcdef.jpg';
    const disputed = {
      ...notice,
      state: 'Disputed',
      disputeReason: 'Not my dog',
      disputePhotoUrl: photoUrl,
      payBy: null,
    };
    const { calls } = signedInAs(manager, {
      'GET /api/v1/admingroups/directlyassignedgroups': [],
      'GET /api/v1/violations/7': disputed,
      'POST /api/v1/violations/7/review': { message: 'Decision saved.', notice: { ...disputed, state: 'Upheld' } },
    });
    renderApp('/violations/7');
    expect(
      await screen.findByRole('heading', { name: 'Violation notice VN-000007' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Not my dog')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo sent with the dispute of VN-000007' }).getAttribute('src')).toBe(
      photoUrl,
    );
    expect(screen.getByRole('link', { name: 'Oak Ridge Apartments' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request witnessed re-swab' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review dispute' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Same dog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/violations/7/review')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/v1/violations/7/review')!.body).toEqual({
      decision: 'Uphold',
      notes: 'Same dog',
      amount: null,
    });
  });

  it('the owner sees the evidence, disputes, and pays with the card tokenized in the page', async () => {
    const { calls } = signedInAs(owner, {
      'GET /api/v1/violations/mine/7': notice,
      'POST /api/v1/violations/mine/7/pay': {
        message: 'Payment received. Thank you.',
        notice: { ...notice, state: 'Paid' },
      },
      'POST /api/v1/violations/mine/7/dispute': {
        message: 'Your dispute was sent.',
        notice: { ...notice, state: 'Disputed' },
      },
    });
    renderApp('/notices/7');
    expect(
      await screen.findByRole('heading', { name: 'Violation notice VN-000007' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'verify it' }).getAttribute('href')).toBe(notice.verificationUrl);
    expect(screen.getByText(/Match certificate MC-2026-000004/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Reason'), 'Rex was away');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'yard.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Photo (optional)'), photo);
    expect(await screen.findByText('yard.jpg')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/dispute'))).toBe(true));
    // Multipart: the reason in the model part, and the photo chosen.
    const form = calls.find((c) => c.url.pathname.endsWith('/dispute'))!.body as FormData;
    expect(JSON.parse(form.get('model') as string)).toEqual({ reason: 'Rex was away' });
    expect((form.get('photo') as File).name).toBe('yard.jpg');

    await userEvent.type(screen.getByLabelText('First name'), 'Jordan');
    await userEvent.type(screen.getByLabelText('Last name'), 'Blake');
    await userEvent.type(screen.getByLabelText('Billing address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('City'), 'Austin');
    await userEvent.type(screen.getByLabelText('ZIP'), '78701');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/pay'))).toBe(true));
    const body = calls.find((c) => c.url.pathname.endsWith('/pay'))!.body as {
      amount: number;
      cardData: { cardNumber: string; cardToken: string };
    };
    expect(body.amount).toBe(5000);
    expect(body.cardData.cardNumber).toBe('42424242');
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(body.cardData.cardToken).toMatch(/^mc\.visa\.204012\./);
  });

  it('My notices lists the owner’s notices, or says there is nothing to do', async () => {
    signedInAs(owner, { 'GET /api/v1/violations/mine': [] });
    renderApp('/notices');
    expect(await screen.findByRole('heading', { name: 'My notices' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('You have no violation notices. Nothing to do here.')).toBeTruthy();
  });
});
