// Every menu entry of every role (the registry's staff, the groups' admins, a pet owner and a resident) opens a page
// whose calls the server answers (no 403). Each role has its own browser context; four at a time, as the check mostly
// waits on pages settling and leaves the machine's cores idle.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { refusedMenuPages } from './support/menus.ts';

const ROLES = [
  'lab.admin',
  'service.admin',
  'office.admin',
  'RES0000001',
  'property.maintenance',
  'property.manager',
  'parentage.manager',
  'distributor',
  'firm.manager',
  'pet.owner',
];
const AT_ONCE = 4;

let world: E2eWorld;
beforeAll(async () => {
  // Ten sign-ins from one address within a minute or two: above the default sign-in rate of an address.
  world = await startWorld({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await world?.close();
});

test("each role's menu opens no page that the server answers 403", async () => {
  const waiting = [...ROLES];
  const checked: { userName: string; refused: string[] }[] = [];
  const checker = async () => {
    for (let userName = waiting.shift(); userName; userName = waiting.shift())
      checked.push({ userName, refused: await refusedMenuPages(world, userName) });
  };
  await Promise.all(Array.from({ length: AT_ONCE }, checker));
  checked.sort((a, b) => ROLES.indexOf(a.userName) - ROLES.indexOf(b.userName));
  expect(checked).toEqual(ROLES.map((userName) => ({ userName, refused: [] })));
}, 900_000);
