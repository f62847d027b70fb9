// The plate view against recorded answers: filters from the URL ('Pending' is -1), the plate map coloured by result and
// lab status, the bulk update's spec messages, and approve all passing on the chosen plate.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { wellState } from './components/PlateMap';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');

const row = (id: number, over: Record<string, unknown> = {}) => ({
  dnaProfileId: id,
  sampleNumber: `DN100000${id}`,
  sampleId: id,
  result: 'Pass',
  labStatus: 0,
  canBeApproved: true,
  diffed: [],
  missing: [],
  failReasonText: '',
  lastModified: '2026-03-01T10:00:00Z',
  isPetSample: true,
  isFlagged: false,
  isGenderMismatch: false,
  sampleBioPetNotes: null,
  isDnaVerificationCertificateRevoked: false,
  well: `A0${id + 3}`,
  plate: { plateId: 7, plateName: 'Plate 7' },
  ...over,
});

function setup(over: Record<string, unknown> = {}) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/dnaprocessing/getplates': [
      {
        id: 7,
        plateName: 'Plate 7',
        fileName: 'p7.txt',
        plateSize: 96,
        panelId: 'isag-2006-canine',
        dateCreated: '2026-03-01T10:00:00Z',
      },
    ],
    'GET /api/v1/dnaprocessing/getprofilesummary': {
      totalRecords: 7,
      new: 2,
      rerun: 1,
      reswab: 1,
      inactive: 1,
      orphans: 3,
    },
    'GET /api/v1/dnaprocessing': { data: [row(1), row(2, { result: 'Fail', labStatus: 400 })], totalRecords: 2 },
    'GET /api/v1/dnaprocessing/platemap/7': {
      plateId: 7,
      plateName: 'Plate 7',
      plateSize: 96,
      wells: [
        {
          well: 'A01',
          sampleName: 'Allelic Ladder',
          kind: 'AllelicLadder',
          dnaProfileId: null,
          result: null,
          labStatus: null,
        },
        { well: 'A04', sampleName: 'DN1000001', kind: 'Pet', dnaProfileId: 1, result: 'Pass', labStatus: 0 },
        { well: 'A05', sampleName: 'DN1000002', kind: 'Pet', dnaProfileId: 2, result: 'Pass', labStatus: 400 },
      ],
    },
    ...over,
  });
}

describe('wellState', () => {
  it('colours approved wells green whatever the result, failing red, controls apart', () => {
    const well = { well: 'A01', sampleName: 'x', kind: 'Pet', dnaProfileId: 1 };
    expect(wellState({ ...well, result: 'Fail', labStatus: 400 })).toBe('approved');
    expect(wellState({ ...well, result: 'Fail', labStatus: 0 })).toBe('fail');
    expect(wellState({ ...well, result: 'Pending', labStatus: 20 })).toBe('pending');
    expect(wellState({ ...well, result: 'Pass', labStatus: 300 })).toBe('inactive');
    expect(wellState({ ...well, dnaProfileId: null, result: null, labStatus: null })).toBe('control');
    expect(wellState(undefined)).toBe('empty');
  });
});

describe('DNA processing', () => {
  it('sends the filters from the URL and draws the plate map of the chosen plate', async () => {
    const { calls } = setup();
    renderApp('/dna/processing?labStatus=-1&plateId=7');
    await screen.findByText('DN1000001', undefined, { timeout: 15_000 });
    const q = calls.find((c) => c.url.pathname === '/api/v1/dnaprocessing')!.url.searchParams;
    expect(q.get('labStatus')).toBe('-1');
    expect(q.get('plateId')).toBe('7');
    const map = await screen.findByRole('group', { name: 'Plate map of Plate 7' });
    expect(map.querySelector('[data-well="A05"]')?.getAttribute('data-state')).toBe('approved');
    expect(map.querySelector('[data-well="A04"]')?.getAttribute('data-state')).toBe('pass');
    expect(map.querySelectorAll('button')).toHaveLength(96);
    // The plate's coordinates frame the grid: numbers 1 to 12 along the top, letters A to H down the side.
    const axis = Array.from(map.querySelectorAll('.plate-axis'), (el) => el.textContent);
    expect(axis.slice(0, 13)).toEqual(['', ...Array.from({ length: 12 }, (_, i) => String(i + 1))]);
    expect(axis.slice(13)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    // A row's letter sits just before its first well, in the grid's reading order.
    expect(map.querySelector('[data-well="B01"]')?.closest('span, button')?.previousElementSibling?.textContent).toBe(
      'B',
    );
  });

  it('shows the profile summary counts of the chosen plate above the table', async () => {
    const { calls } = setup();
    renderApp('/dna/processing?plateId=7');
    const summary = await screen.findByRole('group', { name: 'Profile summary of the plate' });
    await waitFor(() => expect(summary.textContent).toBe('Total records7New2Rerun1Reswab1Inactive1Orphans3'));
    const q = calls.find((c) => c.url.pathname === '/api/v1/dnaprocessing/getprofilesummary')!.url.searchParams;
    expect(q.get('plateId')).toBe('7');
  });

  it('asks for a status, then a selection, before a bulk update', async () => {
    const { calls } = setup();
    renderApp('/dna/processing');
    await screen.findByText('DN1000001');
    await userEvent.click(screen.getByRole('button', { name: /Update status/ }));
    await screen.findByText('Please select a status for updating.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('approves all passing on the chosen plate', async () => {
    let approved = false;
    const { calls } = setup({
      'POST /api/v1/dnaprocessing/approveallpassingonplate': () => {
        approved = true;
        return { body: { approvedCount: 1, approvedIds: [1], message: 'Approved successfully.' } };
      },
      'GET /api/v1/dnaprocessing/getprofilesummary': () => ({
        body: { totalRecords: 2, new: approved ? 0 : 1, rerun: 0, reswab: 0, inactive: 0, orphans: 0 },
      }),
    });
    renderApp('/dna/processing?plateId=7');
    await screen.findByText('DN1000001');
    await userEvent.click(screen.getByRole('button', { name: 'Approve all passing on plate' }));
    // Nothing is approved before the lab says so.
    await screen.findAllByText('Approve all passing profiles on this plate?');
    expect(calls.some((c) => c.url.pathname === '/api/v1/dnaprocessing/approveallpassingonplate')).toBe(false);
    // The dialog's button (the page's own 'Approve all passing' comes first).
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve all passing' }).at(-1)!);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/dnaprocessing/approveallpassingonplate')).toBe(true),
    );
    const call = calls.find((c) => c.url.pathname === '/api/v1/dnaprocessing/approveallpassingonplate')!;
    expect(call.body).toEqual({ plateId: 7 });
    await screen.findByText(/Approved successfully\./);
    // The counts are refreshed with the table after the change.
    const summary = screen.getByRole('group', { name: 'Profile summary of the plate' });
    await waitFor(() => expect(summary.textContent).toContain('New0'));
  });

  it('an empty plate files list says what to do next and opens DNA processing for the lab', async () => {
    setup({ 'GET /api/v1/plate': { data: [], totalRecords: 0 } });
    const { router } = renderApp('/tools/platefiles');
    await screen.findByText('No plate files match. Clear the filters, or import a GeneMapper file on DNA processing.');
    await userEvent.click(screen.getByRole('button', { name: 'Open DNA processing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dna/processing'));
  });
});
