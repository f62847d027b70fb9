// Admin administration in Chromium: deactivate after confirmation, activation refused without an email, delete by typing
// the user name (a wrong name is refused with the spec's message).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, gone, visible } from './support/locators.ts';

let world: E2eWorld;
let oakRidgeId: number;
beforeAll(async () => {
  world = await startWorld();
  const staff = await world.api('lab.admin');
  const groups = await staff('GET', '/admin/search?name=Shah');
  const manager = await staff('GET', `/admin/${groups.data[0].id}`);
  oakRidgeId = manager.groups[0].id;
});
afterAll(async () => {
  await world?.close();
});

async function makeAdmin(userName: string, email: string | null) {
  const staff = await world.api('lab.admin');
  return staff('POST', '/admin', {
    firstName: 'Eve',
    lastName: 'Stone',
    userName,
    email,
    roleId: 8,
    groupId: oakRidgeId,
  });
}

test('deactivate after confirmation, then activate again', async () => {
  const admin = await makeAdmin('eve.stone', 'eve.stone@test.example');
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/admin/${admin.id}`);
  // The admin's status is the tag in the page heading: a bare 'Inactive' text could be another element (a group's
  // flag, a closed menu's option), and visible() waits on the first match in the page even when it stays hidden.
  const status = (text: string) => page.getByRole('heading', { name: /Eve Stone/ }).getByText(text, { exact: true });
  await visible(status('Active'));
  await page.getByRole('button', { name: /More (admin )?actions/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Deactivate admin' });
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  // The dialog stays open (its button loading) until the deactivation is saved and the admin read again.
  await gone(confirm);
  await visible(status('Inactive')).catch(async (error) => {
    await world.screenshot(page, 'admin-deactivate-missing');
    throw error;
  });
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/admin/${admin.id}`)).isActive).toBe(false);
  await page.getByRole('button', { name: /More (admin )?actions/ }).click();
  await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
  await visible(status('Active'));
  expect((await staff('GET', `/admin/${admin.id}`)).isActive).toBe(true);
});

test('activation without an email tells the user to edit the admin first', async () => {
  const admin = await makeAdmin('no.email', null);
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/admin/${admin.id}`);
  await page.getByRole('button', { name: /More (admin )?actions/ }).click();
  await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
  await visible(page.getByText('This admin needs an email before being activated.'));
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/admin/${admin.id}`)).isActive).toBe(false);
});

test('delete needs the user name typed exactly', async () => {
  const admin = await makeAdmin('gone.soon', 'gone.soon@test.example');
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/admin/${admin.id}`);
  await page.getByRole('button', { name: /More (admin )?actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await animationsDone(page);
  await page.getByLabel('Confirmation text').fill('gone.later');
  await page.getByRole('button', { name: 'Delete admin' }).click();
  await visible(page.getByText('Invalid confirmation text. Please ensure you have typed the username correctly.'));
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/admin/${admin.id}`)).userName).toBe('gone.soon');
  await page.getByLabel('Confirmation text').fill('gone.soon');
  await page.getByRole('button', { name: 'Delete admin' }).click();
  await visible(page.getByText('Admin deleted successfully.'));
  await expect(staff('GET', `/admin/${admin.id}`)).rejects.toThrow(/404/);
  await world.screenshot(page, 'admin-deleted');
});
