// Every menu entry of the groups' admins and a pet owner opens a page whose calls the server answers (no 403). The
// registry's staff and a resident are in menus-staff.e2e.test.ts, so the two halves run side by side.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { refusedMenuPages } from './support/menus.ts';

let world: E2eWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

test("each role's menu opens no page that the server answers 403: groups' admins, a pet owner", async () => {
  for (const userName of [
    'property.maintenance',
    'property.manager',
    'parentage.manager',
    'distributor',
    'firm.manager',
    'pet.owner',
  ])
    expect({ userName, refused: await refusedMenuPages(world, userName) }).toEqual({ userName, refused: [] });
}, 600_000);
