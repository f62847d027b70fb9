// Waste sample intake in Chromium: a property manager enters a waste sample on /tools/enterwastesample (their one
// property preselected), then the lab scans it on /tools/scanwastebarcode and receives it; a second scan of the same
// number is refused at once with the spec's text.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

let world: E2eWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const NUMBER = 'TD0700001';

test('a property manager enters a waste sample and the lab receives it', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`${world.baseUrl}/tools/enterwastesample`);
  await visible(page.getByRole('heading', { name: 'Enter waste sample' }));
  await page.getByLabel('Sample number').fill(NUMBER.toLowerCase());
  await page.getByLabel('Sample number').press('Enter');
  await visible(page.getByText(`Sample ${NUMBER} not found, Please complete the form and save to receive the TD.`));
  // The manager stewards one property: it is chosen already.
  await visible(page.getByText('Oak Ridge Apartments'));
  await page.getByLabel('Collected by').fill('Priya Shah');
  await page.getByLabel('Collection location notes').fill('Behind building C');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText('Sample created successfully!'));

  const staff = await world.api('lab.admin');
  const entered = await staff('GET', `/wastesamples/getwastesamplebysamplenumber?sampleNumber=${NUMBER}`);
  expect(entered).toMatchObject({
    sampleNumber: NUMBER,
    propertyCollectedFromName: 'Oak Ridge Apartments',
    collectedByName: 'Priya Shah',
    customerFacingStatus: 0,
  });

  const lab = await world.newPage();
  await world.signIn(lab.page, 'lab.admin');
  await lab.page.goto(`${world.baseUrl}/tools/scanwastebarcode`);
  await visible(lab.page.getByRole('heading', { name: 'Scan waste barcode' }));
  await lab.page.getByLabel('Sample number').fill(NUMBER);
  await lab.page.getByLabel('Sample number').press('Enter');
  await visible(lab.page.getByText(`Sample ${NUMBER} found!`));
  await lab.page.getByLabel('Lab notes').fill('Good material');
  await lab.page.getByRole('button', { name: 'Save and receive' }).click();
  await visible(lab.page.getByText(`Sample updated successfully! ${NUMBER} was received.`));
  const received = await staff('GET', `/wastesamples/getwastesamplebysamplenumber?sampleNumber=${NUMBER}`);
  expect(received).toMatchObject({ customerFacingStatus: 10, bioPetNotes: 'Good material' });

  // Scanning it again: a received sample cannot be received twice, shown as a barcode error with the input cleared.
  await lab.page.getByLabel('Sample number').fill(NUMBER);
  await lab.page.getByLabel('Sample number').press('Enter');
  await visible(lab.page.getByRole('alert').filter({ hasText: `${NUMBER} has already been received.` }));
  expect(await lab.page.getByLabel('Sample number').inputValue()).toBe('');
});
