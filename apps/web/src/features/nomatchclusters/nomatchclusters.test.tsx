// The no-match clusters tool against recorded answers: page size 5, approve selected (nothing selected sends nothing;
// select all sends every candidate of the page), and the move modal (a cluster must be picked; the search runs once a
// sample number is entered; approve after move).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');

const candidate = (clusterId: number, profileId: number, sampleNumber: string) => ({
  sampleNumber,
  alleles: [],
  status: 0,
  approvalDate: null,
  propertyCollectedFrom: { id: 5, name: 'Oak Ridge Apartments' },
  associatedClusterId: clusterId,
  associatedDnaProfileId: profileId,
  sampleId: profileId + 100,
  matchResultSetId: profileId + 200,
  dateCollected: '2026-02-27',
  placedBy: 'Engine',
  selected: false,
  isFiltered: false,
});
const clusters = [
  {
    id: 7,
    status: 0,
    numberOfCandidates: 2,
    candidates: [candidate(7, 71, 'TD0300001'), candidate(7, 72, 'TD0300002')],
  },
  { id: 8, status: 0, numberOfCandidates: 1, candidates: [candidate(8, 81, 'TD0300003')] },
];

const relative = (sampleNumber: string, petName: string, relationship: string, ratio: number, excluding: number) => ({
  sampleNumber,
  petId: 1,
  petName,
  dnaProfileId: Number(sampleNumber.slice(2)),
  relationship,
  likelihoodRatio: ratio,
  parentOffspringRatio: ratio,
  fullSiblingRatio: ratio,
  comparedMarkers: 20,
  excludingMarkers: excluding,
});

function setup(over: Record<string, unknown> = {}) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/nomatchclusters': { data: clusters, totalRecords: 2 },
    'POST /api/v1/nomatchclusters/approveselectedcandidates': { count: 3, message: 'Approved successfully.' },
    'GET /api/v1/nomatchclusters/geteligibleclustersforcandidate': { data: [clusters[0]], totalRecords: 1 },
    'POST /api/v1/nomatchclusters/movecandidate': clusters[0],
    'GET /api/v1/nomatchclusters/relatives': {
      clusterId: 8,
      sampleNumber: 'TD0300003',
      dnaProfileId: 81,
      calledMarkers: 20,
      parentOffspring: [relative('DN0000101', 'Bella', 'ParentOffspring', 4.76e8, 1)],
      fullSiblings: [relative('DN0000102', 'Max', 'FullSiblings', 1234.5, 3)],
      theta: 0,
      minimumLikelihoodRatio: 1,
      limit: 50,
      maxExcludingMarkers: 1,
    },
    ...over,
  });
}

describe('no-match clusters', { timeout: 240_000 }, () => {
  it('asks 5 a page; approve selected does nothing with nothing selected, then sends every selected candidate', async () => {
    const { calls } = setup();
    renderApp('/lab-tools/no-match-clusters');
    expect(await screen.findByText('TD0300003', undefined, { timeout: 90_000 })).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/v1/nomatchclusters')!.url.searchParams;
    expect(list.get('pageSize')).toBe('5');
    const approve = () => screen.getByRole('button', { name: /^Approve selected/ });
    await userEvent.click(approve());
    expect(calls.some((c) => c.url.pathname.endsWith('/approveselectedcandidates'))).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(approve());
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/approveselectedcandidates'))?.body).toEqual([
        { associatedClusterId: 7, associatedDnaProfileId: 71 },
        { associatedClusterId: 7, associatedDnaProfileId: 72 },
        { associatedClusterId: 8, associatedDnaProfileId: 81 },
      ]),
    );
    expect(await screen.findByText('Approved successfully.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('moves a candidate: a cluster must be picked, found by sample number, approved after the move', async () => {
    const { calls } = setup();
    renderApp('/lab-tools/no-match-clusters');
    expect(await screen.findByText('TD0300003', undefined, { timeout: 90_000 })).toBeTruthy();
    const row = screen.getByText('TD0300003').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('Move TD0300003 to another cluster')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('Please select a cluster to move the candidate to.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/geteligibleclustersforcandidate'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Sample number'), 'TD03{Enter}');
    await userEvent.click(await within(dialog).findByRole('radio', undefined, { timeout: 10_000 }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Approve after move' }));
    const eligible = calls.find((c) => c.url.pathname.endsWith('/geteligibleclustersforcandidate'))!.url.searchParams;
    expect(eligible.get('sampleNumberFilter')).toBe('TD03');
    expect(eligible.get('candidateClusterId')).toBe('8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/movecandidate'))?.body).toEqual({
        candidateKey: { associatedClusterId: 8, associatedDnaProfileId: 81 },
        destinationClusterId: 7,
        approveAfterMove: true,
      }),
    );
    expect(await screen.findByText('Candidate moved.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it("lists the possible relatives of a cluster's unknown dog, ranked in two groups", async () => {
    const { calls } = setup();
    renderApp('/lab-tools/no-match-clusters');
    expect(await screen.findByText('TD0300003', undefined, { timeout: 90_000 })).toBeTruthy();
    // The second cluster on the page (8).
    await userEvent.click(screen.getAllByRole('button', { name: 'Possible relatives' })[1]);
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(await within(dialog).findByText('Bella', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByText('Possible relatives of this unknown dog (cluster 8)')).toBeTruthy();
    expect(within(dialog).getByText('Possible parent or offspring (1)')).toBeTruthy();
    expect(within(dialog).getByText('Possible full siblings (1)')).toBeTruthy();
    expect(within(dialog).getByText('4.76 × 10⁸')).toBeTruthy();
    expect(within(dialog).getByText('1,230')).toBeTruthy();
    expect(within(dialog).getByText(/Compared from waste sample TD0300003/)).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/v1/nomatchclusters/relatives')!.url.searchParams;
    expect(asked.get('id')).toBe('8');
  });
});
