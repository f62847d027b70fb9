// Pets in Chromium: the admin opens a dog on its owner's page, transfers it to another owner through the owner search
// modal (the spec's toast), and uploads the dog's photo with a visible progress bar.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

let world: E2eWorld;
let jordanId: number;
let averyId: number;
let biscuit: { id: number; sampleNumber: string; name: string };
let pepper: { id: number; sampleNumber: string; name: string };

beforeAll(async () => {
  world = await startWorld();
  const staff = await world.api('lab.admin');
  const find = async (userName: string) =>
    (await staff('GET', `/petowner/searchpetowners?userName=${userName}&page=1&pageSize=5`)).data[0].id as number;
  jordanId = await find('pet.owner');
  averyId = await find('avery.kim');
  const dogs = await staff('GET', `/pet/getallpets/${jordanId}`);
  biscuit = dogs.find((dog: { name: string }) => dog.name === 'Biscuit');
  pepper = dogs.find((dog: { name: string }) => dog.name === 'Pepper');
});
afterAll(async () => {
  await world?.close();
});

test('the admin transfers a dog to another owner from the dog details', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/petowner/${jordanId}/${biscuit.sampleNumber}`);
  await visible(page.getByRole('button', { name: 'Edit dog' }));
  await page.getByRole('button', { name: `More actions for ${biscuit.name}` }).click();
  await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Transfer ${biscuit.name} to` });
  await modal.getByLabel('User name').fill('avery.kim');
  await modal.getByRole('button', { name: 'Search' }).click();
  await modal.getByRole('cell', { name: 'Avery Kim', exact: true }).click();
  await modal.getByRole('button', { name: 'Select' }).click();
  await page.getByRole('dialog', { name: 'Transfer pet' }).getByRole('button', { name: 'Transfer' }).click();
  await visible(page.getByText(`${biscuit.sampleNumber} successfully transferred to Avery Kim.`));
  await world.screenshot(page, 'pet-transferred');

  const staff = await world.api('lab.admin');
  const averys = await staff('GET', `/pet/getallpets/${averyId}`);
  expect(averys.map((dog: { id: number }) => dog.id)).toContain(biscuit.id);
  const history = await staff('GET', `/pet/${biscuit.id}`);
  expect(history.petOwnerId).toBe(averyId);
});

test('a dog image upload shows its progress and then the photo', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-image-'));
  const png = path.join(dir, 'dog.png');
  // A PNG signature followed by padding: large enough (1.5 MB) for the upload to report progress on its way.
  fs.writeFileSync(
    png,
    Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(1_500_000)]),
  );
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/petowner/${jordanId}/${pepper.sampleNumber}`);
  await visible(page.getByRole('button', { name: 'Upload image' }));
  await page.locator('input[type=file]').setInputFiles(png);
  await visible(page.getByRole('progressbar', { name: 'Upload progress' }));
  await visible(page.getByText('Image uploaded successfully.'));
  await visible(page.getByRole('img', { name: `Photo of ${pepper.name}` }));
  await world.screenshot(page, 'pet-image-uploaded');
});
