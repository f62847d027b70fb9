import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { INTERNAL_NAMES } from '@registry/contracts';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { SampleHistory } from './SampleActions';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, action: string, fromStatus: number | null, toStatus: number | null) => ({
  id,
  sampleNumber: 'DN1234567',
  entryType: 0,
  action,
  fromStatus,
  toStatus,
  notes: null,
  changedByUserId: null,
  changedByName: null,
  changedAt: '2026-11-26T13:30:31.000Z',
});

describe("a dog's sample history", () => {
  it('says what happened in words, never the codes the server stores', async () => {
    mockFetch({
      'GET /api/v1/pet/getsamplehistory': [
        entry(1, 'created', null, 0),
        entry(2, 'dnaPlateUploaded', 0, 10),
        entry(3, 'dnaProfileLabStatus:400', 10, 300),
      ],
    });
    renderWithProviders(<SampleHistory sampleNumber="DN1234567" />);
    expect(await screen.findByText('Sample registered')).toBeTruthy();
    expect(screen.getByText('Plate file uploaded')).toBeTruthy();
    expect(screen.getByText('Lab status set to Approved')).toBeTruthy();
    expect(screen.getAllByText('DNA Sample Received').length).toBe(2);
    const text = document.body.textContent ?? '';
    for (const name of INTERNAL_NAMES) expect(text).not.toContain(name);
    expect(text).not.toContain('created');
  });
});
