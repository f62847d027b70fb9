// The resident report's refusal in the spec's words (spec 3 §8), with the HTTP reason phrase the server answered.
import { afterEach, expect, it, vi } from 'vitest';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { callApi } from '../../lib/client';
import { residentsError } from './reports.api';

afterEach(() => vi.unstubAllGlobals());

it('a refused resident report says "Error fetching residents: {statusText}"', async () => {
  sessionStorage.setItem('registry.accessToken', 'tok');
  const fetchStub = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ message: 'Group not found.' }), {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchStub);
  const refused = await callApi(reportEndpoints.residentRegistrations, { params: { groupId: 12 } }).catch(
    (error: unknown) => error,
  );
  expect(() => {
    throw residentsError(refused);
  }).toThrow('Error fetching residents: Not Found');
  expect(String(fetchStub.mock.calls[0]![0])).toContain('/12');
});
