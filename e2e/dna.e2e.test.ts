// The lab's day in Chromium: the lab admin uploads a generated 96-well plate through the GeneMapper import popup and
// watches its progress bar, sees the upload's warnings, approves all passing on the plate and sees the plate map turn
// green.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { syntheticLabPlate } from '../apps/server/src/modules/dna/synthetic-plate.ts';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

let world: E2eWorld;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-e2e-'));
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('upload a plate with a progress bar, see the warnings, approve all passing on it: the plate map turns green', async () => {
  // Wells 4 on hold DN1000001… : the demo pets are on the plate, the numbers after them are not registered.
  const plate = syntheticLabPlate({ seed: 31, firstNumber: 999_998 });
  const file = path.join(dir, 'E2E Plate 31.txt');
  fs.writeFileSync(file, plate.text);
  const staff = await world.api('lab.admin');
  // The demo plate's profiles are approved already: count what this plate adds.
  const approvedBefore = (await staff('GET', '/dnaprocessing?labStatus=400&pageSize=200')).totalRecords as number;
  const { page, context } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto('/dna/processing');
  await visible(page.getByRole('heading', { name: 'DNA processing' }));

  // The page's button; an empty table offers the same action again.
  await page.getByRole('button', { name: 'Import GeneMapper file' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import GeneMapper file' });
  await dialog.getByLabel('Panel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ISAG 2006 canine' }).first().click();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await visible(dialog.getByText('E2E Plate 31.txt'));
  // A slow line, so the progress bar is seen while the file goes up.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 40_000,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await visible(dialog.getByRole('progressbar', { name: 'Upload progress' }));
  await gone(dialog, 60_000);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const warnings = page.locator('.upload-warnings');
  await visible(page.getByText(/Plate E2E Plate 31 uploaded: 93 profiles\./));
  await visible(warnings.getByText(/Bad sample numbers: .*DN1000010/));
  const unknownWaste = [...plate.wasteSources.keys()][0];
  await expect(warnings.textContent()).resolves.toContain(unknownWaste);

  const map = page.getByRole('group', { name: 'Plate map of E2E Plate 31' });
  await visible(map);
  expect(await map.locator('[data-state="approved"]').count()).toBe(0);
  const passing = await map.locator('[data-state="pass"]').count();
  expect(passing).toBeGreaterThan(80);

  await page.getByRole('button', { name: 'Approve all passing on plate' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  // antd keeps a hidden copy of the title for the dialog's name: the visible one is the last.
  await confirm.getByText('Approve all passing profiles on this plate?').last().waitFor({ state: 'visible' });
  await confirm.getByRole('button', { name: 'Approve all passing' }).click();
  await visible(page.getByText(/Approved successfully\./));
  await map.locator('[data-state="pass"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  expect(await map.locator('[data-state="approved"]').count()).toBe(passing);
  const colour = await map
    .locator('[data-state="approved"]')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour).toBe('rgb(35, 120, 4)');

  const rows = await staff('GET', '/dnaprocessing?labStatus=400&pageSize=200');
  expect(rows.totalRecords - approvedBefore).toBe(passing);
});
