// Every menu entry of the registry's staff and a resident opens a page whose calls the server answers (no 403). The
// groups' admins and a pet owner are in menus-groups.e2e.test.ts, so the two halves run side by side.
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

test("each role's menu opens no page that the server answers 403: the registry's staff and a resident", async () => {
  for (const userName of ['lab.admin', 'service.admin', 'office.admin', 'RES0000001'])
    expect({ userName, refused: await refusedMenuPages(world, userName) }).toEqual({ userName, refused: [] });
}, 900_000);
