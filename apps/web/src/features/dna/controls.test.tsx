// The controls screen: a positive control recorded with its reference genotype typed for the chosen panel's markers,
// the reference column, and the reference taken from an approved profile by its sample number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { mockFetch } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const me = {
  id: 1,
  userName: 'lab.admin',
  fullName: 'Lab Admin',
  firstName: 'Lab',
  lastName: 'Admin',
  email: 'lab@example.com',
  roleId: 0,
  role: 'BioPetLabAdmin',
  isAdmin: true,
  isPetOwner: false,
  isBioPetAdmin: true,
  isResident: false,
  petOwnerId: null,
  residentId: null,
  features: [],
  impersonatedBy: null,
};

const panel = {
  id: 'mini',
  name: 'Mini panel',
  species: 'Canine',
  minimumMarkers: 2,
  isLabDefined: true,
  markers: [
    { name: 'AHT121', type: 'Canine' },
    { name: 'FH2054', type: 'Canine' },
  ],
};

function setup() {
  sessionStorage.setItem('registry.accessToken', 'tok');
  return mockFetch({
    'GET /api/v1/account/userinfo': me,
    'GET /api/v1/features': [],
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/dnapanel': [panel],
    'GET /api/v1/control': {
      data: [
        {
          id: 1,
          panelId: 'mini',
          sampleType: 2,
          dateCreated: '2026-03-01T10:00:00Z',
          createdBy: 'lab.admin',
          knownGenotype: [
            { marker: 'AHT121', alleleA: '96', alleleB: '98' },
            { marker: 'FH2054', alleleA: '', alleleB: '' },
          ],
        },
      ],
      totalRecords: 1,
    },
    'POST /api/v1/control': (call: { body: unknown }) => ({
      body: {
        id: 2,
        dateCreated: '2026-03-02T10:00:00Z',
        createdBy: 'lab.admin',
        knownGenotype: null,
        ...(call.body as object),
      },
    }),
  });
}

async function chooseOption(label: string, option: string) {
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await userEvent.click(options[options.length - 1]);
}

describe('Controls', () => {
  it('shows how many markers each reference holds', async () => {
    setup();
    renderApp('/dna/controls');
    const cell = await screen.findByText('1 marker', undefined, { timeout: 15_000 });
    expect(cell.closest('tr')?.textContent).toContain('Positive control');
  });

  it('records a positive control with its reference typed marker by marker', async () => {
    const { calls } = setup();
    renderApp('/dna/controls');
    await screen.findByText('1 marker', undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'New control' }));
    await screen.findByRole('dialog');
    await chooseOption('Panel', 'Mini panel');
    await chooseOption('Sample type', 'Positive control');
    await userEvent.click(await screen.findByRole('radio', { name: 'Type it' }));
    await userEvent.type(await screen.findByLabelText('AHT121 allele 1'), '96');
    await userEvent.type(screen.getByLabelText('AHT121 allele 2'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      panelId: 'mini',
      sampleType: 2,
      knownGenotype: [
        { marker: 'AHT121', alleleA: '96', alleleB: '100' },
        { marker: 'FH2054', alleleA: '', alleleB: '' },
      ],
    });
  });

  it('takes the reference from an approved profile by its sample number', async () => {
    const { calls } = setup();
    renderApp('/dna/controls');
    await screen.findByText('1 marker', undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'New control' }));
    await screen.findByRole('dialog');
    await chooseOption('Panel', 'Mini panel');
    await chooseOption('Sample type', 'Positive control');
    await userEvent.click(await screen.findByRole('radio', { name: 'From an approved profile' }));
    await userEvent.type(await screen.findByLabelText('Sample number'), 'DN1000001');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      panelId: 'mini',
      sampleType: 2,
      knownFromSampleNumber: 'DN1000001',
    });
  });
});
