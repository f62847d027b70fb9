import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo, type SignedInUser } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const oakRidge = { id: 4, name: 'Oak Ridge Apartments', groupType: 4, isActive: true, parentId: 3 };
const stored = {
  sampleId: 11,
  sampleNumber: 'TD0000042',
  propertyCollectedFromId: 4,
  propertyCollectedFromName: 'Oak Ridge Apartments',
  collectionLocationNotes: 'Gate',
  bioPetNotes: null,
  collectedByName: 'Marco',
  dateCollected: '2026-11-20',
  customerFacingStatus: 0,
  isFlagged: true,
  flagNotes: 'Torn bag',
  followupAction: 0,
  followupActionNotes: null,
  dateReceived: null,
  dateCreated: '2026-11-20T10:00:00Z',
};

function setup(me: SignedInUser, over: Record<string, unknown>) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/admingroups/allstewardedproperties': [oakRidge],
    ...over,
  });
}

describe('enter waste sample', () => {
  it('refuses an empty or badly formed number with the spec text and clears the input', async () => {
    setup(userInfo('propertyManager'), {});
    renderApp('/tools/enterwastesample');
    const input = await screen.findByLabelText('Sample number');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a Sample Number.');
    await userEvent.type(input, 'DN1234567{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('invalid format'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('a new number: not-found toast, the single property preselected, created on save', async () => {
    const { calls } = setup(userInfo('propertyManager'), {
      'GET /api/v1/wastesamples/getwastesamplebysamplenumber': () => ({
        status: 404,
        body: { message: 'Sample not found.' },
      }),
      'POST /api/v1/wastesamples': (call: { body: Record<string, unknown> }) => ({
        body: { sample: { ...stored, ...call.body, isFlagged: false }, warning: null },
      }),
    });
    renderApp('/tools/enterwastesample');
    await userEvent.type(await screen.findByLabelText('Sample number'), 'td0000099{Enter}');
    expect(
      await screen.findByText('Sample TD0000099 not found, Please complete the form and save to receive the TD.'),
    ).toBeTruthy();
    // The usual first lookup of a new TD is information, not a yellow warning.
    expect(document.querySelector('[aria-label="info-circle"]')).toBeTruthy();
    expect(document.querySelector('[aria-label="exclamation-circle"]')).toBeNull();
    // Lab notes are the lab's: a property manager's form has none.
    expect(screen.queryByLabelText('Lab notes')).toBeNull();
    await userEvent.type(screen.getByLabelText('Collected by'), 'Marco Diaz');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sample created successfully!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/wastesamples')!;
    expect(post.body).toMatchObject({
      sampleNumber: 'TD0000099',
      propertyCollectedFromId: 4,
      collectedByName: 'Marco Diaz',
    });
  });
});

describe('scan waste barcode', () => {
  it('a found, flagged sample: found and flagged toasts, then the save receives it', async () => {
    const { calls } = setup(userInfo('labAdmin'), {
      'GET /api/v1/wastesamples/getwastesamplebysamplenumber': stored,
      'POST /api/v1/wastesamples/isorphan': { isOrphan: false },
      'POST /api/v1/wastesamples/receivewastesample': {
        sample: { ...stored, customerFacingStatus: 10 },
        warning: null,
      },
    });
    renderApp('/tools/scanwastebarcode');
    await userEvent.type(await screen.findByLabelText('Sample number'), 'TD0000042{Enter}');
    expect(await screen.findByText('Sample TD0000042 found!')).toBeTruthy();
    expect(await screen.findByText('Sample is flagged. Torn bag')).toBeTruthy();
    expect(screen.getByLabelText('Lab notes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save and receive' }));
    // The spec's words, and what happened to the sample.
    expect(await screen.findByText('Sample updated successfully! TD0000042 was received.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/v1/wastesamples/receivewastesample')).toBe(true);
  });

  it('a voided sample is a barcode error at once, before any form', async () => {
    setup(userInfo('labAdmin'), {
      'GET /api/v1/wastesamples/getwastesamplebysamplenumber': { ...stored, customerFacingStatus: 500 },
    });
    renderApp('/tools/scanwastebarcode');
    const input = await screen.findByLabelText('Sample number');
    await userEvent.type(input, 'TD0000042{Enter}');
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('TD0000042 has been voided.')),
      ).toBe(true),
    );
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Save and receive' })).toBeNull();
  });

  it('a receipt the server refuses is a barcode error: the spec text in the alert', async () => {
    setup(userInfo('labAdmin'), {
      'GET /api/v1/wastesamples/getwastesamplebysamplenumber': { ...stored, isFlagged: false },
      'POST /api/v1/wastesamples/isorphan': { isOrphan: false },
      'POST /api/v1/wastesamples/receivewastesample': () => ({
        status: 400,
        body: { message: 'TD0000042 has been voided.', exceptionMessage: 'TD0000042 has been voided.' },
      }),
    });
    renderApp('/tools/scanwastebarcode');
    await userEvent.type(await screen.findByLabelText('Sample number'), 'TD0000042{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Save and receive' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('TD0000042 has been voided.')),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Save and receive' })).toBeNull();
  });
});
