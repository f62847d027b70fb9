// The ancestry fulfilment screen against recorded answers: the spec's guard on actions with no row selected, and a
// genotype that did not pass flagged after it is assigned (with the spec's text when the flag fails).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AncestryFulfillmentStatus } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const labAdmin = userInfo('labAdmin');

const item = {
  id: 31,
  orderId: 4,
  orderItemId: 5,
  petName: 'Biscuit',
  sampleNumber: 'DN1234567',
  status: AncestryFulfillmentStatus.Activated,
  selectedGenotypeId: null,
  dnaProfileId: 77,
  genotypeSelected: false,
  bioBankPlateNumber: null,
  bioBankWellLocation: null,
  dnaProcessingCompleted: true,
  ancestryPlateNumber: null,
  ancestryTubeCode: null,
  ancestryWellLocation: null,
  trackingNumber: null,
  dateCreated: '2026-11-20T10:00:00Z',
  isFlagged: false,
  flaggedNote: null,
  isSelected: false,
};
const failedGenotype = {
  id: 9,
  plateName: 'P-17',
  well: 'A01',
  result: 'Fail',
  labStatus: 400,
  dateCreated: '2026-11-19T10:00:00Z',
};

function setup(handlers: Record<string, unknown> = {}) {
  return signedInAs(labAdmin, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/ancestryfulfillment': { data: [item], totalRecords: 1 },
    'GET /api/v1/ancestryfulfillment/getcountbystatus': [{ status: AncestryFulfillmentStatus.Activated, count: 1 }],
    'GET /api/v1/ancestryfulfillment/getgenotypes': [failedGenotype],
    'POST /api/v1/ancestryfulfillment/selectgenotype': { status: AncestryFulfillmentStatus.Activated },
    ...handlers,
  });
}

async function openGenotypes() {
  renderApp('/lab-tools/ancestry-fulfillment');
  await screen.findByText('Biscuit', undefined, { timeout: 15_000 });
  await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
  await userEvent.click(await screen.findByRole('radio', { name: /P-17/ }));
}

describe('ancestry fulfilment', () => {
  it('an action with no row selected says "No item selected" and calls nothing', async () => {
    const { calls } = setup();
    renderApp('/lab-tools/ancestry-fulfillment');
    await screen.findByText('Biscuit', undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Mark picked' }));
    await screen.findByText('No item selected');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('a genotype that did not pass is assigned, then the item is flagged with a note naming it', async () => {
    const { calls } = setup({ 'POST /api/v1/ancestryfulfillment/flagfulfillment': { message: 'Flagged.' } });
    await openGenotypes();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
        '/api/v1/ancestryfulfillment/selectgenotype',
        '/api/v1/ancestryfulfillment/flagfulfillment',
      ]),
    );
    const flagCall = calls.find((call) => call.url.pathname.endsWith('/flagfulfillment'))!;
    expect(flagCall.body).toEqual({ fulfillmentId: 31, notes: 'Assigned genotype from plate P-17 has result Fail.' });
  });

  it('when the flag fails after the genotype was assigned, the spec’s warning asks to flag by hand', async () => {
    const { calls } = setup({
      'POST /api/v1/ancestryfulfillment/flagfulfillment': () => ({ status: 500, body: { message: 'down' } }),
    });
    await openGenotypes();
    await screen.findByText(
      'Genotype was assigned successfully, but failed to flag fulfillment. Please try flagging manually.',
    );
    // The genotype call went through and only the flag after it failed.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/v1/ancestryfulfillment/selectgenotype',
      '/api/v1/ancestryfulfillment/flagfulfillment',
    ]);
  });
});
