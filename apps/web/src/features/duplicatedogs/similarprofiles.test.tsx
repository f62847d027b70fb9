// The similar DNA profiles tool against recorded answers: the Thresholds mode asks the similar-profiles endpoint with
// its thresholds; the Relatives mode asks the relatives endpoint and lists the two ranked groups; an unknown mode in
// the address falls back to Thresholds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');
const relative = (sampleNumber: string, petName: string, relationship: string, ratio: number, excluding: number) => ({
  sampleNumber,
  petId: 1,
  petName,
  dnaProfileId: Number(sampleNumber.slice(2)),
  relationship,
  likelihoodRatio: ratio,
  parentOffspringRatio: ratio,
  fullSiblingRatio: ratio,
  comparedMarkers: 21,
  excludingMarkers: excluding,
});

function setup() {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/skunkworks/getsimilardnaprofiles': { sampleNumber: 'DN0000100', dnaProfileId: 100, similar: [] },
    'GET /api/v1/skunkworks/getrelativednaprofiles': {
      sampleNumber: 'DN0000100',
      dnaProfileId: 100,
      parentOffspring: [
        relative('DN0000101', 'Bella', 'ParentOffspring', 4.764e8, 0),
        relative('DN0000102', 'Rex', 'ParentOffspring', 2.42e8, 0),
      ],
      fullSiblings: [relative('DN0000103', 'Max', 'FullSiblings', 88.64, 3)],
      theta: 0,
      minimumLikelihoodRatio: 1,
      limit: 50,
      maxExcludingMarkers: 0,
    },
  });
}

describe('similar DNA profiles', { timeout: 240_000 }, () => {
  it('relatives mode lists possible parents or offspring and possible full siblings, ranked with their ratios', async () => {
    const { calls } = setup();
    renderApp('/tools/similardnaprofiles?mode=Relatives&samplenumber=DN0000100');
    expect(await screen.findByText('Bella', undefined, { timeout: 90_000 })).toBeTruthy();
    expect(screen.getByText('Possible parent or offspring (2)')).toBeTruthy();
    expect(screen.getByText('Possible full siblings (1)')).toBeTruthy();
    const bella = screen.getByText('Bella').closest('tr')!;
    expect(within(bella).getByText('DN0000101')).toBeTruthy();
    expect(within(bella).getByText('4.76 × 10⁸')).toBeTruthy();
    expect(within(screen.getByText('Max').closest('tr')!).getByText('88.6')).toBeTruthy();
    // The thresholds are not asked for in this mode, and the relatives endpoint is.
    expect(screen.queryByLabelText('Minimum matching markers')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/getsimilardnaprofiles'))).toBe(false);
    const asked = calls.find((c) => c.url.pathname.endsWith('/getrelativednaprofiles'))!.url.searchParams;
    expect(asked.get('samplenumber')).toBe('DN0000100');
    expect(asked.get('maxexcludingmarkers')).toBe('0');
    // Allowing an excluding marker asks again with it.
    const exclude = screen.getByLabelText('Excluding markers allowed');
    await userEvent.clear(exclude);
    await userEvent.type(exclude, '1');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname.endsWith('/getrelativednaprofiles') && c.url.searchParams.get('maxexcludingmarkers') === '1',
        ),
      ).toBe(true),
    );
    // Back to thresholds: the spec's search with its defaults.
    await userEvent.click(screen.getByText('Thresholds'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/getsimilardnaprofiles'))).toBe(true));
    const similar = calls.find((c) => c.url.pathname.endsWith('/getsimilardnaprofiles'))!.url.searchParams;
    expect(similar.get('minimummatchingmarkerthreshold')).toBe('6');
    expect(await screen.findByText('No similar profiles.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('an unknown mode in the address falls back to Thresholds', async () => {
    const { calls } = setup();
    renderApp('/tools/similardnaprofiles?mode=Cousins&samplenumber=DN0000100');
    expect(await screen.findByText('No similar profiles.', undefined, { timeout: 90_000 })).toBeTruthy();
    expect(screen.getByLabelText('Minimum matching markers')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/getrelativednaprofiles'))).toBe(false);
  });
});
