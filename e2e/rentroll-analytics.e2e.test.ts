// Rent-roll sync and program analytics in Chromium: the property manager saves Oak Ridge's column mapping, uploads a
// rent roll (one new resident, one changed phone, one resident missing), sees the proposal, leaves the missing
// resident on the books and applies the rest: the new resident's invitation arrives by mail, the phone is changed, the
// missing resident stays. Then the firm manager opens program analytics and sees its charts; screenshots of both.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

let world: E2eWorld;
beforeAll(async () => {
  world = await startWorld();
}, 300_000);
afterAll(async () => {
  await world?.close();
}, 300_000);

const ROLL = [
  'Unit,First Name,Last Name,Email,Phone,Move Out',
  '101,Taylor,Reed,taylor.reed@mail.example,,',
  '113,Morgan,Lee,morgan.lee@mail.example,512-555-0113,',
  '125,Jamie,Fox,jamie.fox@mail.example,,',
  '150,Riley,Newcomer,riley.newcomer@mail.example,,',
].join('\r\n');

test('a rent roll is proposed, partly applied, and the program analytics show their charts', async () => {
  const staff = await world.api('lab.admin');
  const oakRidge = (await staff('GET', '/preregistration/getpropertybypreregcode/OAKRIDGE')).groupId as number;
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/group/${oakRidge}/rentroll`);
  await visible(page.getByText('Save the column mapping above, then choose the rent roll file.'));
  await page.getByLabel('Unit column').fill('Unit');
  await page.getByLabel('First name column').fill('First Name');
  await page.getByLabel('Last name column').fill('Last Name');
  await page.getByLabel('Email column').fill('Email');
  await page.getByLabel('Phone column').fill('Phone');
  await page.getByLabel('Move-out date column').fill('Move Out');
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await visible(page.getByRole('button', { name: 'Choose rent roll file' }));

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'rentroll.csv', mimeType: 'text/csv', buffer: Buffer.from(ROLL) });
  await visible(page.getByText('rentroll.csv: 4 row(s) read'));
  await visible(page.getByRole('cell', { name: 'riley.newcomer@mail.example' }));
  await visible(page.getByText('Phone: (none) → 512-555-0113'));
  const drew = page.getByRole('checkbox', { name: 'Move out Drew Parker' });
  await visible(drew);
  await world.screenshot(page, 'rentroll-proposal');
  await drew.uncheck();
  const moveOuts = await page.getByRole('checkbox', { name: /^Move out / }).all();
  for (const box of moveOuts) if (await box.isChecked()) await box.uncheck();
  await page.getByRole('button', { name: 'Apply 2 change(s)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await visible(page.getByText('Rent roll applied: 1 invited, 0 moved out, 1 updated.'));

  const mail = await world.smtp.waitFor((m) => m.to.includes('riley.newcomer@mail.example'), 15_000);
  expect(mail.raw).toContain('/reg/OAKRIDGE');
  const residents = await staff('GET', `/groups/${oakRidge}/residents?pageSize=100`);
  const names = residents.data.map((r: { fullName: string }) => r.fullName);
  expect(names).toContain('Drew Parker');
  const morgan = residents.data.find((r: { fullName: string }) => r.fullName === 'Morgan Lee');
  expect(morgan.phoneNumber).toBe('512-555-0113');

  const firm = await world.newPage();
  await world.signIn(firm.page, 'firm.manager');
  const harbor = (await staff('GET', `/group/${oakRidge}`)).parentId as number;
  await firm.page.goto(`/reports/program-analytics?groupId=${harbor}&groupName=Harbor%20Property%20Management`);
  await visible(firm.page.getByRole('heading', { level: 1, name: 'Program analytics' }));
  await visible(firm.page.getByRole('img', { name: /^Waste samples collected per month\./ }));
  await visible(firm.page.getByRole('img', { name: /^Results\./ }));
  expect(await firm.page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(2);
  await world.screenshot(firm.page, 'program-analytics');
  await firm.page.setViewportSize({ width: 390, height: 844 });
  await visible(firm.page.getByRole('img', { name: /^Results\./ }));
  // The charts measure their box after the resize (a resize observer): the page must settle within the phone's width.
  await expect
    .poll(() => firm.page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(390);
  await world.screenshot(firm.page, 'program-analytics-phone');
}, 300_000);
