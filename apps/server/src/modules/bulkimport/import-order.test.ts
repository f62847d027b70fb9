import { expect, test } from 'vitest';
import type { CleanRow } from './import-row.ts';
import { runGroups, sameResidentGroups } from './import-order.ts';

const row = (firstName: string, lastName: string, email: string | null) => ({ firstName, lastName, email }) as CleanRow;

test('rows that may be the same resident form one group in file order; others stand alone', () => {
  const groups = sameResidentGroups([
    { propertyId: 1, row: row('Ann', 'Lee', 'ann@x.example'), task: 'r1' },
    { propertyId: 1, row: row('Bo', 'Ray', null), task: 'r2' },
    // The same e-mail in another case, another name: the same resident by e-mail.
    { propertyId: 1, row: row('Annie', 'Lee', 'ANN@x.example'), task: 'r3' },
    // The same name as r3 without an e-mail: linked to r1 through r3.
    { propertyId: 1, row: row('annie', 'LEE', null), task: 'r4' },
    // The same name and e-mail on another property: another resident.
    { propertyId: 2, row: row('Ann', 'Lee', 'ann@x.example'), task: 'r5' },
    { propertyId: 1, row: row('Bo', 'Ray', 'bo@x.example'), task: 'r6' },
  ]);
  expect(groups).toEqual([['r1', 'r3', 'r4'], ['r2', 'r6'], ['r5']]);
});

test('groups run side by side up to the limit, each group in order', async () => {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const task = (name: string, ms: number) => async () => {
    running++;
    most = Math.max(most, running);
    log.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`end ${name}`);
    running--;
  };
  await runGroups([[task('a1', 30), task('a2', 5)], [task('b1', 5)], [task('c1', 5)], [task('d1', 5)]], 2);
  expect(most).toBe(2);
  expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
  expect(log.filter((entry) => entry.startsWith('end'))).toHaveLength(5);
  // While a1 ran, the other worker took b1, c1 and d1 one after another.
  expect(log.indexOf('end d1')).toBeLessThan(log.indexOf('end a1'));
});
