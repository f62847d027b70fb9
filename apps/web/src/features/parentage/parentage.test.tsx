// The parentage screens against recorded answers: the list sends its URL filters and the spec's default order, the
// execute-test modal warns before a dam and sire are chosen and shows the result, the lookup tool shows the spec's text
// for a puppy never tested, and the test tool refuses repeated DNs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { mockFetch } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const me = {
  id: 6,
  userName: 'parentage.manager',
  fullName: 'Parentage Manager',
  firstName: 'Parentage',
  lastName: 'Manager',
  email: 'pm@example.com',
  roleId: 6,
  role: 'ParentageManager',
  isAdmin: true,
  isPetOwner: false,
  isBioPetAdmin: false,
  isResident: false,
  petOwnerId: null,
  residentId: null,
  features: [],
  impersonatedBy: null,
};
const row = {
  petOwnerId: 9,
  puppyId: 31,
  puppyName: 'Pip',
  puppySampleNumber: 'DN2100005',
  matchStatus: 1,
  matchResultSetId: null,
  bestMatchResultId: null,
  isTestable: true,
  isMatched: false,
  isParentageCertified: false,
  sampleStatus: 300,
  statusLastUpdated: '2026-03-01T10:00:00Z',
  lastAttempted: null,
};
const markers = [{ marker: 'AHT121', result: 'Pass', puppy: '96/98', dam: '96/100', sire: '98/102' }];
const result = {
  parentageMatchResultId: 4,
  parentageMatchResultSetId: 2,
  parentageMatchRunResult: 'Certified',
  engineResult: 'Certified',
  isOverridden: false,
  bioPetNotes: null,
  puppySampleNumber: 'DN2100005',
  damSampleNumber: 'DN2100003',
  sireSampleNumber: 'DN2100004',
  testedMarkers: 18,
  failedMarkers: 0,
  combinedPaternityIndex: 25000,
  probabilityOfExclusion: 0.9999,
  possibleMutation: false,
  executedBy: 'Parentage Manager',
  dateCreated: '2026-03-01T10:00:00Z',
  markers,
};

function setup(over: Record<string, unknown> = {}) {
  sessionStorage.setItem('registry.accessToken', 'tok');
  return mockFetch({
    'GET /api/v1/account/userinfo': me,
    'GET /api/v1/features': [],
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/parentagepets': { data: [row], totalRecords: 1 },
    'GET /api/v1/parentagepets/candidates': {
      males: [{ petId: 30, name: 'Max', sampleNumber: 'DN2100004', gender: 1 }],
      females: [{ petId: 29, name: 'Bella', sampleNumber: 'DN2100003', gender: 2 }],
    },
    'POST /api/v1/parentageresulting/executeparentagetest': result,
    ...over,
  });
}

describe('parentage list', () => {
  it('sends the URL filters with the default order; a test from the row warns, then shows Certified', async () => {
    const { calls } = setup();
    renderApp('/parentage?samplenumber=DN2100005');
    expect(await screen.findByText('Pip', undefined, { timeout: 15_000 })).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/parentagepets')!.url.searchParams;
    expect(q.get('sampleNumberFilter')).toBe('DN2100005');
    expect(q.get('orderBy')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Execute test' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('Execute parentage test for DN2100005')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText('Please select a Dam', undefined, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(within(dialog).getByText('DN numbers'));
    await userEvent.type(within(dialog).getByLabelText('Dam DN number'), 'DN2100003');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText('Please enter a Sire DN Number')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Sire DN number'), 'DN2100004');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
    const shown = await screen.findByTestId('parentage-result', undefined, { timeout: 10_000 });
    expect(within(shown).getByText('Certified')).toBeTruthy();
    const call = calls.find((c) => c.url.pathname === '/api/v1/parentageresulting/executeparentagetest')!;
    expect(call.body).toEqual({ puppy: 'DN2100005', dam: 'DN2100003', sire: 'DN2100004' });
  }, 60_000);
});

describe('parentage tools', () => {
  it('the lookup shows the spec text for a puppy never tested', async () => {
    setup({
      'GET /api/v1/parentageresulting/getmatchresultsetfromsamplenumber': () => ({
        status: 404,
        body: { message: 'Could not find Parentage match result set for DN2100009' },
      }),
    });
    renderApp('/tools/parentage/lookup');
    await userEvent.type(await screen.findByLabelText('Sample number', undefined, { timeout: 15_000 }), 'dn2100009');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Could not find Parentage match result set for DN2100009')).toBeTruthy();
  });

  it('the test tool refuses repeated DNs before calling the server', async () => {
    const { calls } = setup();
    renderApp('/tools/parentage/test');
    await userEvent.type(await screen.findByLabelText('Puppy DN number', undefined, { timeout: 15_000 }), 'DN2100005');
    await userEvent.type(screen.getByLabelText('Dam DN number'), 'DN2100003');
    await userEvent.type(screen.getByLabelText('Sire DN number'), 'DN2100003');
    await userEvent.click(screen.getByRole('button', { name: 'Run test' }));
    await waitFor(() => expect(screen.getAllByText('All DNs must be unique').length).toBeGreaterThan(0));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
