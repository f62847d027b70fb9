// Truth tests of waste matching on a generated population with known sources: approving waste profiles queues their
// match runs (pg-boss), and each stored run says what the known source implies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeScenario, waitForRuns, type Scenario } from '../../../test/waste-matching.ts';

let t: TestApp;
let s: Scenario;
beforeAll(async () => {
  t = await startTestApp();
  s = await makeScenario(t, 2201);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('match runs queued by approval', () => {
  it('decides every waste sample by its known source', { timeout: 60_000 }, async () => {
    const runs = await waitForRuns(t, [...s.sources.keys()]);
    // What each known source implies: P's own dogs match plainly, Q's with the APA flag, the moved-out owner's with
    // Move Out; the far property's dog is no match here but one hit registry-wide; unknown dogs match nothing anywhere.
    const expected = (key: string) => {
      const dog = s.dogs[key].sampleNumber;
      if (key === 'a1' || key === 'a2' || key === 'b' || key === 'm')
        return {
          status: 'Match',
          matchedSampleNumber: dog,
          isAdjacentPropertyMatch: key === 'b',
          isMoveOut: key === 'm',
          globalResultsCount: 1,
        };
      return {
        status: 'NoMatch',
        matchedSampleNumber: null,
        isAdjacentPropertyMatch: false,
        isMoveOut: false,
        globalResultsCount: key === 'r' ? 1 : 0,
      };
    };
    const actual = [...s.sources].map(([n, key]) => {
      const r = runs.get(n)!;
      const { status, matchedSampleNumber, isAdjacentPropertyMatch, isMoveOut, globalResultsCount } = r;
      return { key, status, matchedSampleNumber, isAdjacentPropertyMatch, isMoveOut, globalResultsCount };
    });
    expect(actual).toEqual([...s.sources.values()].map((key) => ({ key, ...expected(key) })));
  });
});
