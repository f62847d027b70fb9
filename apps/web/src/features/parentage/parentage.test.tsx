// The parentage screens against recorded answers: the list sends its URL filters and the spec's default order, the
// execute-test modal warns before a dam and sire are chosen and shows the result, the lookup tool shows the spec's text
// for a puppy never tested, and the test tool refuses repeated DNs; the certificate button of the test tool, the
// lookup and the list shows when the puppy has a Certified result and opens the PDF.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('parentageManager');
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
  certificateResultId: null,
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
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/parentagepets': { data: [row], totalRecords: 1 },
    'GET /api/v1/parentagepets/candidates': {
      males: [{ petId: 30, name: 'Max', sampleNumber: 'DN2100004', gender: 1 }],
      females: [{ petId: 29, name: 'Bella', sampleNumber: 'DN2100003', gender: 2 }],
    },
    'POST /api/v1/parentageresulting/executeparentagetest': { ...result, certificateResultId: 4 },
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

/** window.open and object URLs stubbed (jsdom has neither): the opened tab's address is where the PDF went. */
function stubNewWindow() {
  const tab = { location: { href: '' }, close: vi.fn<() => void>() };
  const saved = { open: window.open, create: URL.createObjectURL };
  window.open = vi.fn<typeof window.open>(() => tab as unknown as Window);
  URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:certificate');
  onTestFinished(() => {
    window.open = saved.open;
    URL.createObjectURL = saved.create;
  });
  return tab;
}

describe('the certificate', () => {
  it('the test tool offers the certificate of a Certified run and opens the PDF of that result', async () => {
    const tab = stubNewWindow();
    const { calls } = setup({ 'GET /api/v1/pdfdownload/getproofofparentagecertificate': { pdf: true } });
    renderApp('/tools/parentage/test');
    await userEvent.type(await screen.findByLabelText('Puppy DN number', undefined, { timeout: 15_000 }), 'DN2100005');
    await userEvent.type(screen.getByLabelText('Dam DN number'), 'DN2100003');
    await userEvent.type(screen.getByLabelText('Sire DN number'), 'DN2100004');
    await userEvent.click(screen.getByRole('button', { name: 'Run test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Certificate' }, { timeout: 10_000 }));
    await waitFor(() => expect(tab.location.href).toBe('blob:certificate'));
    const call = calls.find((c) => c.url.pathname === '/api/v1/pdfdownload/getproofofparentagecertificate')!;
    expect(call.url.searchParams.get('parentageResultId')).toBe('4');
  }, 30_000);

  it('no certificate button after a run when the puppy has no Certified result', async () => {
    setup({
      'POST /api/v1/parentageresulting/executeparentagetest': {
        ...result,
        parentageMatchRunResult: 'Disqualified',
        engineResult: 'Disqualified',
        certificateResultId: null,
      },
    });
    renderApp('/tools/parentage/test');
    await userEvent.type(await screen.findByLabelText('Puppy DN number', undefined, { timeout: 15_000 }), 'DN2100005');
    await userEvent.type(screen.getByLabelText('Dam DN number'), 'DN2100003');
    await userEvent.type(screen.getByLabelText('Sire DN number'), 'DN2100004');
    await userEvent.click(screen.getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText('Disqualified', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Certificate' })).toBeNull();
  }, 30_000);

  it('the lookup offers it on the set’s certified row only (a parentage manager), with the dog and the result', async () => {
    const tab = stubNewWindow();
    const failed = { ...result, parentageMatchResultId: 5, parentageMatchRunResult: 'Disqualified' };
    const older = { ...result, parentageMatchResultId: 3 };
    const { calls } = setup({
      'GET /api/v1/parentageresulting/getmatchresultsetfromsamplenumber': {
        matchResultSetId: 2,
        puppyId: 31,
        puppyName: 'Pip',
        puppySampleNumber: 'DN2100005',
        matchStatus: 2,
        bestMatchResultId: 4,
        isParentageCertified: true,
        certificateResultId: 4,
        lastAttempted: '2026-03-01T10:00:00Z',
        statusLastUpdated: '2026-03-01T10:00:00Z',
        results: [failed, result, older],
      },
      'GET /api/v1/pdfdownload/getproofofparentagecertificate': { pdf: true },
    });
    renderApp('/tools/parentage/lookup');
    await userEvent.type(await screen.findByLabelText('Sample number', undefined, { timeout: 15_000 }), 'DN2100005');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const buttons = await screen.findAllByRole('button', { name: 'Certificate' }, { timeout: 10_000 });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(tab.location.href).toBe('blob:certificate'));
    const query = calls.find((c) => c.url.pathname === '/api/v1/pdfdownload/getproofofparentagecertificate')!.url
      .searchParams;
    expect([query.get('petId'), query.get('parentageResultId')]).toEqual(['31', '4']);
  }, 30_000);

  it('the list shows it for a certified puppy whatever its products, by the dog', async () => {
    stubNewWindow();
    const { calls } = setup({
      'GET /api/v1/parentagepets': {
        data: [
          {
            ...row,
            matchStatus: 2,
            matchResultSetId: 2,
            bestMatchResultId: 4,
            isParentageCertified: true,
            certificateResultId: 4,
          },
        ],
        totalRecords: 1,
      },
      'GET /api/v1/pdfdownload/getproofofparentagecertificate': { pdf: true },
    });
    renderApp('/parentage');
    await userEvent.click(await screen.findByRole('button', { name: 'Certificate' }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(
        calls
          .find((c) => c.url.pathname === '/api/v1/pdfdownload/getproofofparentagecertificate')
          ?.url.searchParams.get('petId'),
      ).toBe('31'),
    );
  }, 30_000);
});
