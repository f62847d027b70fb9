// Pet owners in Chromium: the property admin moves an owner out (with the move-out mail) and finds them under the
// group's move-outs; deactivating an owner ends the session the owner has open in another browser.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, visible } from './support/locators.ts';

let world: E2eWorld;
let oakRidgeId: number;
beforeAll(async () => {
  world = await startWorld();
  const staff = await world.api('lab.admin');
  const manager = (await staff('GET', '/admin/search?name=Shah')).data[0];
  oakRidgeId = (await staff('GET', `/admin/${manager.id}`)).groups[0].id;
});
afterAll(async () => {
  await world?.close();
});

/** A new owner of Oak Ridge made by the property manager; the welcome mail carries the generated password. */
async function makeOwner(firstName: string, lastName: string) {
  const manager = await world.api('property.manager');
  const email = `${firstName}.${lastName}@test.example`.toLowerCase();
  const created = await manager('POST', `/petownergroups/${oakRidgeId}/petowners`, { firstName, lastName, email });
  const mail = await world.smtp.waitFor((m) => m.to.includes(email));
  const password = /password is: (\S+?)(?:<|\s)/.exec(mail.text)?.[1];
  if (!password) throw new Error('No password in the welcome mail.');
  return { id: created.id as number, userName: created.userName as string, email, password };
}

test('the property admin moves an owner out and finds them under move-outs', async () => {
  const owner = await makeOwner('Quinn', 'Harper');
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/group/${oakRidgeId}/petowners?name=Harper`);
  const row = page.getByRole('row').filter({ hasText: owner.userName });
  await visible(row);
  await row.getByRole('button', { name: 'Move out' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Move out' });
  await animationsDone(page);
  await confirm.getByRole('checkbox', { name: 'Send the move-out email' }).check();
  await confirm.getByRole('button', { name: 'Move out', exact: true }).click();
  await visible(page.getByText("Removed from 'Oak Ridge Apartments' successfully."));
  await visible(page.getByText('No pet owners. Add a new or existing pet owner to this group, or clear the filters.'));
  const mail = await world.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('moved out'));
  expect(mail.text).toContain('no longer registered at Oak Ridge Apartments');

  await page.getByText('Moved out', { exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('movedOut') === 'true');
  const movedOut = page.getByRole('row').filter({ hasText: owner.userName });
  await visible(movedOut);
  await movedOut.getByRole('link', { name: 'Quinn Harper' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/petowner/${owner.id}`));
  await page.getByRole('tab', { name: 'Groups' }).click();
  await visible(
    page.getByRole('row').filter({ hasText: 'Oak Ridge Apartments' }).getByRole('button', { name: 'Delete entry' }),
  );
});

test('deactivating an owner ends the session they have open', async () => {
  const owner = await makeOwner('Rowan', 'Ellis');
  const ownerSide = await world.newPage();
  await world.signIn(ownerSide.page, owner.userName, { password: owner.password });
  await ownerSide.page.waitForURL((url) => url.pathname.startsWith(`/petowner/${owner.id}`));
  await visible(ownerSide.page.getByRole('heading', { name: /Rowan Ellis/ }));

  const adminSide = await world.newPage();
  await world.signIn(adminSide.page, 'property.manager');
  await adminSide.page.goto(`/petowner/${owner.id}/`);
  await visible(adminSide.page.getByRole('heading', { name: /Rowan Ellis/ }).getByText('Active', { exact: true }));
  await adminSide.page.getByRole('button', { name: /More actions/ }).click();
  await adminSide.page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = adminSide.page.getByRole('dialog').filter({ hasText: 'Deactivate pet owner' });
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await visible(adminSide.page.getByText('Pet Owner deactivated successfully.'));
  await visible(adminSide.page.getByRole('heading', { name: /Rowan Ellis/ }).getByText('Inactive', { exact: true }));

  // The owner's next step finds their session gone: back to sign-in.
  await ownerSide.page.reload();
  await ownerSide.page.waitForURL((url) => url.pathname.startsWith('/login'));
  await ownerSide.page.getByLabel('User name').fill(owner.userName);
  await ownerSide.page.getByLabel('Password', { exact: true }).fill(owner.password);
  await ownerSide.page.getByRole('button', { name: 'Sign in' }).click();
  await visible(ownerSide.page.getByRole('alert'));
  expect(ownerSide.page.url()).toContain('/login');
});
