import { expect, test } from 'vitest';
import { keysInFlight, oneAtATime } from './one-at-a-time.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('work of one key runs one at a time in arrival order; other keys do not wait; a failure does not block', async () => {
  const events: string[] = [];
  const work =
    (name: string, ms: number, fails = false) =>
    async (waited: boolean) => {
      events.push(`start ${name}${waited ? ' after waiting' : ''}`);
      await later(ms);
      events.push(`end ${name}`);
      if (fails) throw new Error(`${name} failed`);
      return name;
    };
  const first = oneAtATime('buyer:1', work('a1', 30, true));
  const second = oneAtATime('buyer:1', work('a2', 5));
  const other = oneAtATime('buyer:2', work('b1', 5));
  expect(keysInFlight()).toBe(2);
  const answers = await Promise.allSettled([first, second, other]);
  expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
    'a1 failed',
    'a2',
    'b1',
  ]);
  // b1 ran while a1 did; a2 started only once a1 had ended.
  expect(events).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2 after waiting', 'end a2']);
  await later(0);
  expect(keysInFlight()).toBe(0);
});
