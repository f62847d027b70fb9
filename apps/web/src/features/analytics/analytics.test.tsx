import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DurationStats, LabFigures, ProgramFigures } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const stats = (medianHours: number | null, count = 3): DurationStats => ({ count, medianHours, p90Hours: medianHours });
const program = (over: Partial<ProgramFigures>): ProgramFigures => ({
  startDate: '2025-01-01',
  endDate: '2025-06-30',
  collected: 12,
  collectedPerMonth: [
    { period: '2025-01', count: 5 },
    { period: '2025-02', count: 7 },
  ],
  results: { match: 6, noMatch: 2, fail: 1, other: 0 },
  matchRate: 0.75,
  dogsRegistered: 9,
  dogsDeclared: 11,
  repeatDogs: 2,
  turnaround: { collectedToReceived: stats(48), receivedToApproved: stats(96), collectedToApproved: stats(144) },
  notices: null,
  ...over,
});

describe('program analytics', () => {
  it('asks for a group first, then shows the figures beside the previous period, the charts and the export', async () => {
    const { calls } = signedInAs(userInfo('propertyManager', { roleId: 8 }), {
      'GET /api/v1/analytics/program': {
        group: { id: 7, name: 'Harbor Property Management', groupType: 2 },
        current: program({}),
        previous: program({ startDate: '2024-07-04', endDate: '2024-12-31', collected: 4, matchRate: null }),
      },
    });
    renderApp(
      '/reports/program-analytics?groupId=7&groupName=Harbor%20Property%20Management&startDate=01/01/2025&endDate=06/30/2025',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Program analytics' })).toBeTruthy();
    expect(await screen.findByText('Waste samples collected')).toBeTruthy();
    expect(screen.getByText('75.0%')).toBeTruthy();
    expect(screen.getByText('Previous period: 4')).toBeTruthy();
    expect(screen.getByText('Previous period: –')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /Waste samples collected per month\. Jan 2025: 5 \(before: 5\)/ });
    expect(chart).toBeTruthy();
    expect(screen.getAllByText('2.0 days').length).toBeGreaterThan(0);
    // A figure with its unit, and a column heading, never break across lines (phones scroll the table instead).
    expect(screen.getAllByText('2.0 days')[0]!.closest('td')!.style.whiteSpace).toBe('nowrap');
    expect(screen.getByRole('columnheader', { name: 'Median before' }).style.whiteSpace).toBe('nowrap');
    expect(screen.getAllByRole('button', { name: /Export/ }).length).toBeGreaterThan(0);
    const call = calls.find((c) => c.url.pathname === '/api/v1/analytics/program')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      groupId: '7',
      startDate: '2025-01-01',
      endDate: '2025-06-30',
    });
  });

  it('without a group asks for one and calls nothing', async () => {
    const { calls } = signedInAs(userInfo('propertyManager', { roleId: 8 }));
    renderApp('/reports/program-analytics');
    expect(await screen.findByText(/Select a property, management firm or distributorship/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/analytics'))).toBe(false);
  });
});

describe('lab analytics', () => {
  it("shows the lab's rates, plates and weekly charts", async () => {
    const lab = (over: Partial<LabFigures>): LabFigures => ({
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      received: 40,
      receivedPerWeek: [{ period: '2025-03-03', count: 40 }],
      plates: 2,
      platesPerWeek: [{ period: '2025-03-03', count: 2 }],
      turnaround: { collectedToReceived: stats(24), receivedToTyped: stats(12), typedToApproved: stats(6) },
      samplesTyped: 30,
      rerunRate: 0.1,
      reswabRate: 0.05,
      noResultRate: 0.02,
      controlFailures: 1,
      controlFailuresPerPlate: 0.5,
      ...over,
    });
    signedInAs(userInfo('labAdmin'), {
      'GET /api/v1/analytics/lab': {
        current: lab({}),
        previous: lab({ startDate: '2025-01-29', endDate: '2025-02-28' }),
      },
    });
    renderApp('/lab-tools/lab-analytics?startDate=03/01/2025&endDate=03/31/2025');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab analytics' })).toBeTruthy();
    expect(await screen.findByText('Rerun rate')).toBeTruthy();
    expect(screen.getAllByText('10.0%').length).toBe(1);
    expect(screen.getByRole('img', { name: /Plates per week\. Mar 3: 2/ })).toBeTruthy();
    expect(screen.getByText('Received to typed')).toBeTruthy();
  });
});
