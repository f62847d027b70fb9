// Journeys from one screen to the next, in Chromium through the screens: a resident pre-registers two dogs and is
// approved once with everything they typed kept, then signs in with either name; a pet owner buys a kit, reads the
// order confirmation and, once staff refund it, Refunded; the lab approves a waste sample's Match and the property
// manager's results list and dashboard show it. Every role's menu is checked in menus.e2e.test.ts.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, gone, visible } from './support/locators.ts';

let world: E2eWorld;
let oakRidge: number;
const PASSWORD = 'Harper#Pass1';

beforeAll(async () => {
  // As most people have it: antd's motion on (the other journeys run with reduced motion).
  world = await startWorld({ motion: true });
  const staff = await world.api('lab.admin');
  oakRidge = (await staff('GET', '/preregistration/getpropertybypreregcode/OAKRIDGE')).groupId;
});
afterAll(async () => {
  await world?.close();
});

async function fillDog(page: Page, index: number, dog: { name: string; breed: string; weight: string }) {
  const group = page.getByRole('group', { name: `Dog ${index}` });
  await group.getByLabel('Dog name').fill(dog.name);
  await group.getByLabel('Breed').fill(dog.breed);
  await group.getByLabel('Weight').fill(dog.weight);
}

test('pre-registered with two dogs, approved once with every field kept, signing in with either name', async () => {
  const { page: visitor } = await world.newPage();
  // The sign-in page leads a new resident to pre-registration.
  await visitor.goto('/login');
  await visitor.getByRole('link', { name: "Pre-register with your property's code" }).click();
  await visitor.getByLabel('Property pre-registration code').fill('oakridge');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visible(visitor.getByRole('heading', { name: 'Pre-register at Oak Ridge Apartments' }), 60_000);
  await visitor.getByLabel('First name').fill('Quinn');
  await visitor.getByLabel('Last name').fill('Harper');
  await visitor.getByLabel('Email').fill('quinn.harper@mail.example');
  await visitor.getByLabel('Unit number').fill('7C');
  await visitor.getByLabel('Street address').fill('14 Juniper Court');
  await visitor.getByLabel('City').fill('Austin');
  await visitor.getByLabel('Postal code').fill('78703');
  await visitor.getByLabel('I have one or more dogs').check();
  await fillDog(visitor, 1, { name: 'Rocket', breed: 'Border Collie', weight: '40' });
  await visitor.getByRole('button', { name: 'Add another dog' }).click();
  await fillDog(visitor, 2, { name: 'Mochi', breed: 'Shiba Inu', weight: '21' });
  await visitor.getByLabel('I agree to the dog owner policy').check();
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirm password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Register' }).click();
  // The products page says the registration worked, with the name to sign in with.
  await visitor.waitForURL((url) => url.pathname === '/shop/offers', { timeout: 60_000 });
  const banner = visitor.getByTestId('registered-banner');
  await visible(banner);
  const residentNumber = (await banner.locator('strong').textContent())!.trim();
  expect(residentNumber).toMatch(/^RES\d{7}$/);

  const { page: manager } = await world.newPage();
  await world.signIn(manager, 'property.manager');
  await manager.goto(`/group/${oakRidge}/preregistration`);
  const row = manager.getByRole('row', { name: /Quinn Harper/ });
  await row.getByRole('button', { name: 'Approve All' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Add new pet owner' });
  const sampleNumbers = dialog.getByLabel('Sample number');
  await visible(sampleNumbers);
  await sampleNumbers.nth(0).fill('DN6610001');
  await sampleNumbers.nth(1).fill('DN6610002');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await visible(manager.getByText('Resident Quinn Harper approved.'));
  // The approval names both sign-in names.
  await visible(
    manager.getByText(`Pet owner user name: quinn.harper (${residentNumber} keeps working`, { exact: false }),
  );
  await gone(dialog);
  // Off the pre-registration list: no second approval is offered.
  await manager.reload();
  await visible(manager.getByRole('row').nth(1), 60_000);
  await expect.poll(() => manager.getByRole('row', { name: /Quinn Harper/ }).count()).toBe(0);

  const staff = await world.api('property.manager');
  const [resident] = (await staff('GET', `/groups/${oakRidge}/residents?name=Quinn Harper`)).data;
  expect(resident).toMatchObject({ isPetOwner: true, isPartiallyRegistered: false, userName: 'quinn.harper' });
  const owner = await staff('GET', `/petowner/${resident.petOwnerId}`);
  expect(owner.address).toMatchObject({ addressLine1: '14 Juniper Court', city: 'Austin', postalCode: '78703' });
  expect(owner.pets).toHaveLength(2);
  const pets = await Promise.all(owner.pets.map((pet: { id: number }) => staff('GET', `/pet/${pet.id}`)));
  expect(pets.map((pet) => [pet.name, pet.breed, pet.weight]).sort()).toEqual([
    ['Mochi', 'Shiba Inu', 21],
    ['Rocket', 'Border Collie', 40],
  ]);
  // The resident's page: both dogs registered, nothing to delete or approve, both names shown.
  await manager.goto(`/resident/${resident.id}`);
  await visible(manager.getByText(residentNumber));
  await visible(manager.getByText('quinn.harper').first());
  expect(await manager.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  expect(await manager.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

  // The approval mail and both names sign in.
  const mail = await world.smtp.waitFor(
    (message) => message.to.includes('quinn.harper@mail.example') && /approved/i.test(message.subject),
  );
  expect(mail.text).toContain('quinn.harper');
  expect(mail.text).toContain(residentNumber);
  for (const name of [residentNumber, 'quinn.harper']) {
    const { page } = await world.newPage();
    await world.signIn(page, name, { password: PASSWORD });
    await visible(page.getByText('Rocket').first(), 60_000);
  }
}, 300_000);

test('a pet owner buys a kit, reads the order confirmation, and sees Refunded once staff refund it', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'pet.owner');
  await page.goto('/shop/offers');
  await page
    .getByRole('checkbox', { name: /Dog Ancestry DNA Kit for/, disabled: false })
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/shop/summary');
  await visible(page.getByTestId('grand-total'), 60_000);
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('Billing address').fill('1 Oak Ridge Way');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('US-TX');
  await page.getByLabel('ZIP').fill('78701');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('pay').click({ timeout: 60_000 });
  await page.waitForURL((url) => url.pathname === '/reg/success' && url.searchParams.has('orderId'), {
    timeout: 30_000,
  });
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  // An order confirmation, not the pre-registration thanks.
  await visible(page.getByText('Thank you for your order.'));
  expect(await page.getByTestId('order-number').textContent()).toBe(orderId);
  await visible(page.getByTestId('order-confirmation'), 60_000);
  expect(await page.getByText('Thank you for pre-registering.').count()).toBe(0);
  await visible(page.getByRole('link', { name: 'My orders' }));

  const { page: service } = await world.newPage();
  await world.signIn(service, 'service.admin');
  await service.goto('/tools/orders-list');
  const row = service.getByRole('row').filter({ has: service.getByRole('cell', { name: orderId, exact: true }) });
  await row.getByRole('button', { name: 'Refund' }).click();
  // With motion on, the confirmation zooms in: a click before it has settled can land beside its button.
  const confirm = service.getByRole('dialog');
  await visible(confirm);
  await animationsDone(service);
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await visible(service.getByText('refunded', { exact: false }), 60_000);

  await page.getByRole('link', { name: 'My orders' }).click();
  await page.goto(`/shop/orders/${orderId}`);
  await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('Refunded');
}, 300_000);

test('"Add new or existing pet owner" on a group: another owner\'s email is refused, a new owner joins with the welcome mail', async () => {
  const staff = await world.api('property.manager');
  const [row] = (await staff('GET', '/petowner/searchpetowners?userName=pet.owner')).data;
  const petOwner = await staff('GET', `/petowner/${row.id}`);
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/group/${oakRidge}/petowners`);
  // The page's button; an empty list offers the same action again.
  await page.getByRole('button', { name: 'Add new or existing pet owner' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add new or existing pet owner' });
  await dialog.getByText('New pet owner').click();
  await dialog.getByLabel('First name').fill('Avery');
  await dialog.getByLabel('Last name').fill('Stone');
  await dialog.getByLabel('Email', { exact: true }).fill(petOwner.email);
  await dialog.getByRole('button', { name: 'Create pet owner' }).click();
  await visible(page.getByText(`Email '${petOwner.email}' is already assigned to a Pet Owner.`).first());
  await dialog.getByLabel('Email', { exact: true }).fill('avery.stone@mail.example');
  await dialog.getByRole('button', { name: 'Create pet owner' }).click();
  await gone(dialog);
  const mail = await world.smtp.waitFor((message) => message.to.includes('avery.stone@mail.example'));
  expect(mail.text).toContain('avery.stone');

  // The new owner is a member of the group.
  const members = await staff('GET', `/petownergroups/${oakRidge}/petowners?name=Avery`);
  expect(members.data.map((member: { userName: string }) => member.userName)).toContain('avery.stone');
}, 300_000);

/** The count of a status on a dashboard block's table ("Waste samples", "Match"), as the page shows it. */
async function dashboardCount(page: Page, block: string, status: string | RegExp) {
  const name = typeof status === 'string' ? new RegExp(`^${status} \\d`) : status;
  const row = page.getByLabel(`${block} counts`).getByRole('row', { name });
  await visible(row, 60_000);
  return Number(await row.getByRole('cell').nth(1).textContent());
}

test("a property manager's results list and dashboard after the lab approves a Match", async () => {
  // Arranged through the API: the lab approves TD0200001's waste profile again, which queues its match run (Biscuit's).
  const lab = await world.api('lab.admin');
  const [profile] = (await lab('GET', '/dnaprocessing?sampleNumber=TD0200001&labStatus=400')).data;
  await lab('POST', '/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: [profile.dnaProfileId], labStatus: 0 });
  await lab('POST', '/dnaprocessing/updatednaprofilesstatus', {
    dnaProfileIds: [profile.dnaProfileId],
    labStatus: 400,
  });
  await expect
    .poll(
      async () =>
        (await lab('GET', '/pooprintsresulting/getresultsets?sampleNumberFilter=TD0200001')).data[0]?.latestMatchStatus,
      { timeout: 30_000 },
    )
    .toBe('Match');

  // Before the approval: the sample reads DNA Sample Received, its Match not approved; the dashboard's counts.
  const { page: manager } = await world.newPage();
  await world.signIn(manager, 'property.manager');
  await manager.goto(`/group/${oakRidge}/results?samplenumber=TD0200001`);
  const row = manager.getByRole('row', { name: /TD0200001/ });
  await visible(row.getByText('not approved'), 60_000);
  await visible(row.getByText('DNA Sample Received'));
  await manager.goto(`/group/${oakRidge}/dashboard`);
  const matchesBefore = await dashboardCount(manager, 'Waste samples', 'Match');
  const completeBefore = await dashboardCount(manager, 'Waste samples', 'DNA processing complete');
  // The demo's approved Match at Oak Ridge counts already.
  expect(matchesBefore).toBeGreaterThanOrEqual(1);

  // The lab approves the Match on the result set's page.
  const { page: staff } = await world.newPage();
  await world.signIn(staff, 'lab.admin');
  await staff.goto('/dna/wasteresults?sampleNumber=TD0200001');
  await staff.getByRole('link', { name: 'TD0200001' }).click();
  const history = staff.getByRole('table').last();
  await visible(history.getByText('Match', { exact: true }), 60_000);
  await history.getByRole('button', { name: 'Approve' }).click();
  await visible(staff.getByText('Result approved successfully.'));

  // The manager's results list: DNA Processing Complete, the Match approved, Biscuit named.
  await manager.goto(`/group/${oakRidge}/results?samplenumber=TD0200001`);
  await visible(row.getByText('DNA Processing Complete'), 60_000);
  await visible(row.getByText('Match', { exact: true }));
  expect(await row.getByText('not approved').count()).toBe(0);
  await visible(row.getByText('DN1000001'));
  // The dashboard counts it: one more Match, one more sample whose DNA processing is complete.
  await manager.goto(`/group/${oakRidge}/dashboard`);
  await expect
    .poll(() => dashboardCount(manager, 'Waste samples', 'Match'), { timeout: 30_000 })
    .toBe(matchesBefore + 1);
  expect(await dashboardCount(manager, 'Waste samples', 'DNA processing complete')).toBe(completeBefore + 1);
  await world.screenshot(manager, 'journeys-property-dashboard-after-match');
}, 300_000);
