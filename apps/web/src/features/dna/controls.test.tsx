// The controls screen: a positive control recorded with its reference genotype typed for the chosen panel's markers,
// the reference column, the reference taken from an approved profile by its sample number, and an upload the controls
// refuse offered again with the override once the lab confirms.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');

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
  return signedInAs(me, {
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

/** A stand-in XMLHttpRequest (the plate upload reports progress through one): answers each send from `answers`. */
function fakeXhr(answers: { status: number; body: unknown }[]) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      const answer = answers.shift()!;
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('Import GeneMapper file', () => {
  it('a plate the controls refuse shows the problem and is sent again with the override once confirmed', async () => {
    setup();
    const problem = 'PositiveControl disagrees with its reference at AHT121, FH2054';
    const sent = fakeXhr([
      { status: 400, body: { message: 'Upload Failed', modelState: { controls: [problem] } } },
      {
        status: 200,
        body: {
          plateId: 9,
          plateName: 'swapped',
          profileCount: 93,
          badSampleNumbers: [],
          mismatchedGenderSampleNumbers: [],
          flaggedSampleNumbers: [],
          controlsPassed: false,
          controlProblems: [problem],
        },
      },
    ]);
    renderApp('/dna/controls');
    await screen.findByText('1 marker', undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Import GeneMapper file' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Import GeneMapper file');
    await userEvent.click(within(dialog).getByLabelText('Panel'));
    const options = await screen.findAllByTitle('Mini panel');
    await userEvent.click(options[options.length - 1]);
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['Sample Name\tMarker'], 'swapped.txt', { type: 'text/plain' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const refusal = await screen.findByRole('list', { name: 'Control problems' });
    expect(refusal.textContent).toBe(problem);
    expect(JSON.parse(String(sent[0].get('model'))).overrideControlsValidation).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Override and upload' }));
    await screen.findByText('Plate swapped uploaded: 93 profiles.');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(String(sent[1].get('model')))).toMatchObject({
      panelId: 'mini',
      overrideControlsValidation: true,
    });
  });
});
