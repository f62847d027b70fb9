// The waste result screens against recorded answers: the lab list's default filter (not approved, page size 100),
// the rerun progress while a rerun is in progress, the result set page's history with approve, and the missing id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');

const row = {
  wasteSampleId: 3,
  matchResultSetId: 9,
  sampleNumber: 'TD0100001',
  propertyId: 5,
  propertyName: 'Oak Ridge Apartments',
  latestMatchStatus: 'Match',
  status: 'Match',
  sampleStatus: 300,
  isFlagged: false,
  canApprove: true,
  isApproved: false,
  approvedResultIsAdjacentPropertyMatch: false,
  approvedResultIsMoveOut: false,
  globalResultsCount: 1,
  matchedSampleNumber: 'DN1000001',
  previousStatus: null,
  dateStatusChanged: null,
  dateAttempted: '2026-03-01T10:00:00Z',
  dateCreated: '2026-03-01T10:00:00Z',
};

const result = {
  matchResultId: 21,
  status: 'Match',
  bioPetNotes: null,
  isApproved: false,
  isRerun: false,
  runCount: 1,
  matchedSampleNumber: 'DN1000001',
  sampleNumberOverride: null,
  isAnalystOverride: false,
  disagreeingMarkers: null,
  matchingPet: { petOwnerId: 4, sampleNumber: 'DN1000001' },
  isAdjacentPropertyMatch: true,
  isMoveOut: false,
  randomMatchProbability: 1e-9,
  likelihoodRatio: 1e9,
  oneInText: '1 in 1,000,000,000',
  globalResultsCount: 1,
  candidateCount: 4,
  petDnaProfiles: [],
  wasteDnaProfile: [],
  dateCreated: '2026-03-01T10:00:00Z',
  dateApproved: null,
};

function setup(over: Record<string, unknown> = {}) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/pooprintsresulting/getresultsets': { data: [row], totalRecords: 1 },
    'GET /api/v1/pooprintsresulting/getrerunallnomatchesstatus': {
      isInProgress: true,
      total: 40,
      done: 10,
      changed: 2,
      status: 'InProgress',
    },
    'GET /api/v1/pooprintsmatchresultset/9': {
      matchResultSetId: 9,
      wasteSampleId: 3,
      sampleNumber: 'TD0100001',
      propertyId: 5,
      propertyName: 'Oak Ridge Apartments',
      matchHistory: [result],
      currentlyApprovedResultId: null,
      dateCollected: '2026-02-27',
      hasAccessToPetOwner: false,
      changes: [],
    },
    ...over,
  });
}

describe('waste results', () => {
  it('asks for the not-approved results, 100 a page, and shows the rerun in progress', async () => {
    const { calls } = setup();
    renderApp('/dna/wasteresults');
    await screen.findByText('TD0100001', undefined, { timeout: 15_000 });
    const q = calls.find((c) => c.url.pathname === '/api/v1/pooprintsresulting/getresultsets')!.url.searchParams;
    expect(q.get('isApprovedFilter')).toBe('false');
    expect(q.get('pageSize')).toBe('100');
    await screen.findByText('Rerunning no-matches: 10 / 40');
    screen.getByRole('button', { name: 'Cancel rerun' });
  });

  it('keeps "All" in the URL and then asks for every result, approved or not', async () => {
    const { calls } = setup();
    renderApp('/dna/wasteresults?approved=all');
    await screen.findByText('TD0100001', undefined, { timeout: 15_000 });
    const q = calls.find((c) => c.url.pathname === '/api/v1/pooprintsresulting/getresultsets')!.url.searchParams;
    expect(q.has('isApprovedFilter')).toBe(false);
  });

  it('shows a result set with its history, the APA note and the owner warning; approves a result', async () => {
    const { calls } = setup({
      'POST /api/v1/pooprintsresulting/approvematchresult/21': { message: 'Result approved successfully.' },
    });
    renderApp('/wasteresultset/9');
    await screen.findByText('DN1000001 · APA', undefined, { timeout: 15_000 });
    screen.getByText('This person is no longer associated with this property...');
    // The collection day alone: no time was set (a time of 00:00 counts as none, spec 3 §9).
    screen.getByText('2/27/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/pooprintsresulting/approvematchresult/21')).toBe(true),
    );
    await screen.findByText('Result approved successfully.');
  });

  it('asks before approving a NoMatch while dog profiles are under review, naming them; approves once confirmed', async () => {
    const noMatch = { ...result, matchResultId: 22, status: 'NoMatch', matchedSampleNumber: null, matchingPet: null };
    const { calls } = setup({
      'GET /api/v1/pooprintsmatchresultset/9': {
        matchResultSetId: 9,
        wasteSampleId: 3,
        sampleNumber: 'TD0100001',
        propertyId: 5,
        propertyName: 'Oak Ridge Apartments',
        matchHistory: [noMatch],
        currentlyApprovedResultId: null,
        dateCollected: '2026-02-27',
        hasAccessToPetOwner: true,
        changes: [],
      },
      'POST /api/v1/pooprintsresulting/approvematchresult/22': (call: { url: URL }) =>
        call.url.searchParams.get('confirm') === 'true'
          ? { body: { message: 'Result approved successfully.' } }
          : {
              status: 400,
              body: {
                message: 'pending',
                exceptionMessage: 'pending',
                pendingSampleNumbers: ['DN2000002', 'DN2000003'],
              },
            },
    });
    renderApp('/wasteresultset/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 15_000 }));
    // The history reads the result in words, never the code the API keeps.
    expect(screen.getByRole('cell', { name: 'No match' })).toBeTruthy();
    expect(screen.queryByText('NoMatch')).toBeNull();
    const list = await screen.findByRole('list', { name: 'Dog profiles under review' });
    expect(list.textContent).toBe('DN2000002DN2000003');
    await userEvent.click(screen.getByRole('button', { name: 'Approve anyway' }));
    await screen.findByText('Result approved successfully.');
    const approvals = calls.filter((c) => c.url.pathname === '/api/v1/pooprintsresulting/approvematchresult/22');
    expect(approvals.map((c) => c.url.searchParams.get('confirm'))).toEqual([null, 'true']);
  });

  it('overrides a run to Match with a dog picked from the candidates, and needs notes for it', async () => {
    let history: Record<string, unknown>[] = [result];
    const setWith = (matchHistory: Record<string, unknown>[]) => ({
      matchResultSetId: 9,
      wasteSampleId: 3,
      sampleNumber: 'TD0100001',
      propertyId: 5,
      propertyName: 'Oak Ridge Apartments',
      matchHistory,
      currentlyApprovedResultId: null,
      dateCollected: null,
      hasAccessToPetOwner: true,
      changes: [],
    });
    const { calls } = setup({
      'GET /api/v1/pooprintsresulting/previewnewtestresult': {
        status: 'Inconclusive',
        bioPetNotes: null,
        incrementRunCount: true,
        petDnaProfiles: [{ sampleNumber: 'DN3000003', genotypes: [] }],
        wasteDnaProfile: [],
        matchingPet: null,
        globalResultsCount: 0,
        oneInText: null,
      },
      'POST /api/v1/pooprintsresulting/savenewmatchresultsrun/9': (call: { body: unknown }) => {
        history = [
          {
            ...result,
            ...(call.body as object),
            matchedSampleNumber: 'DN3000003',
            isAdjacentPropertyMatch: false,
            isAnalystOverride: true,
            disagreeingMarkers: ['FH2054'],
            oneInText: '1 in 40,000',
          },
          ...history,
        ];
        return { body: setWith(history) };
      },
      // The set read again after the save shows the stored run.
      'GET /api/v1/pooprintsmatchresultset/9': () => ({ body: setWith(history) }),
    });
    renderApp('/wasteresultset/9');
    await userEvent.click(await screen.findByRole('button', { name: 'New match run' }, { timeout: 15_000 }));
    await screen.findByText('Inconclusive');
    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByTitle('Match'));
    const dog = await screen.findByRole('combobox', { name: 'Matched dog (sample number)' });
    await userEvent.click(dog);
    await userEvent.click(await screen.findByText('DN3000003', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save run' }));
    await screen.findByText('Notes are required to override the result.');
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.includes('savenewmatchresultsrun'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Confirmed by hand');
    await userEvent.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.pathname.includes('savenewmatchresultsrun'))?.body).toEqual(
        {
          matchRunResult: 'Match',
          sampleNumberOverride: 'DN3000003',
          bioPetNotes: 'Confirmed by hand',
          incrementRunCount: true,
        },
      ),
    );
    await screen.findByText('DN3000003 · set by the analyst');
    screen.getByText('1 in 40,000 · disagrees at FH2054');
  });

  it('says so when no result set id is given', async () => {
    const { calls } = setup();
    renderApp('/wasteresultset');
    await screen.findByText('No result set id provided', undefined, { timeout: 15_000 });
    // Without an id nothing is asked of the result set calls.
    expect(calls.filter((call) => call.url.pathname.includes('matchresultset'))).toEqual([]);
  });
});

describe('waste results under a group', () => {
  const manager = userInfo('propertyManager');
  function groupSetup() {
    return signedInAs(manager, {
      'GET /api/v1/admingroups/directlyassignedgroups': [],
      'GET /api/v1/group/5': { id: 5, name: 'Oak Ridge', groupType: 4, isActive: false },
      'GET /api/v1/group/getgroupmenuviewmodel/5': { dashboard: true, detail: true, pets: true },
      'GET /api/v1/wasteresults/getbygroup': {
        data: [{ ...row, isApproved: true, approvedResultIsAdjacentPropertyMatch: true }],
        totalRecords: 1,
      },
      'GET /api/v1/pooprintsmatchresultset/9': {
        matchResultSetId: 9,
        wasteSampleId: 3,
        sampleNumber: 'TD0100001',
        propertyId: 5,
        propertyName: 'Oak Ridge Apartments',
        matchHistory: [{ ...result, isApproved: true }],
        currentlyApprovedResultId: 21,
        dateCollected: '2026-02-27',
        hasAccessToPetOwner: false,
        changes: [],
      },
    });
  }

  it('asks for the group and the route filters, labels an inactive group, notes APA; blocks the departed owner', async () => {
    const { calls } = groupSetup();
    const { router } = renderApp('/group/5/results?samplenumber=TD0100001&matchResult=Match');
    await screen.findByText('Waste results: Oak Ridge (Inactive)', undefined, { timeout: 15_000 });
    await screen.findByText('APA');
    const q = calls.find((c) => c.url.pathname === '/api/v1/wasteresults/getbygroup')!.url.searchParams;
    expect(q.get('selectedGroupId')).toBe('5');
    expect(q.get('samplenumber')).toBe('TD0100001');
    expect(q.get('matchResult')).toBe('Match');
    expect(q.get('orderBy')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'DN1000001' }));
    await screen.findByText('This person is no longer associated with this property...');
    expect(router.state.location.pathname).toBe('/group/5/results');
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/petowner/'))).toBe(false);
  });
});
