// Reports in Chromium: the lab admin runs the TD audit report for the management group, exports it as CSV, watches
// the download's progress and finds the expected rows in the downloaded file; then the same export as XLSX. Universal
// search finds a dog by part of its name.
import fs from 'node:fs';
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

test('TD audit for a management group: table, CSV export with progress, the file holds the rows', async () => {
  const api = await world.api('lab.admin');
  const [root] = await api('GET', '/groups/group');
  const manager = (await api('GET', '/admin/search?name=Shah')).data[0];
  const property = (await api('GET', `/admin/${manager.id}`)).groups[0];
  const managementId = property.parentId as number;
  const numbers = ['TD0777001', 'TD0777002', 'TD0777003'];
  for (const sampleNumber of numbers)
    await api('POST', '/wastesamples', { sampleNumber, propertyCollectedFromId: property.id, collectedByName: 'E2E' });
  const expected = await api('GET', `/tdauditreport?groupId=${managementId}&pageSize=1000&dateFilterStart=2000-01-01`);
  expect(expected.totalRecords).toBeGreaterThanOrEqual(3);
  expect(root.id).toBeGreaterThan(0);

  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(
    `/reports/tdaudit?groupId=${managementId}&groupName=Harbor%20Property%20Management&startDate=01/01/2000`,
  );
  await visible(page.getByRole('heading', { name: 'TD audit report' }));
  await visible(page.getByRole('cell', { name: 'TD0777001' }));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Td_Audit_Report_Harbor_Property_Management_\d{8}_\d{6}\.csv$/);
  const progress = page.getByTestId('export-progress');
  await visible(progress.getByRole('progressbar'));
  await visible(progress.getByText(`${expected.totalRecords} of ${expected.totalRecords} rows`, { exact: false }));
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Sample Number,Collected By,Date Created,Status,Property Collected From/);
  expect(lines).toHaveLength(expected.totalRecords + 1);
  for (const number of numbers) expect(lines.some((l) => l.startsWith(`${number},E2E,`))).toBe(true);

  const xlsxDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsx = await xlsxDownloading;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync((await xlsx.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the spreadsheet package
});

test('universal search finds a dog by part of its name and links to its owner page', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'distributor');
  await page.goto('/tools/search');
  await page.getByLabel('Search', { exact: true }).fill('bi');
  await visible(page.getByText('Please enter at least 3 characters.'));
  await page.getByLabel('Search', { exact: true }).fill('biscu');
  await page.getByRole('button', { name: 'Search' }).click();
  const hit = page.getByRole('link', { name: 'Biscuit' }).first();
  await visible(hit);
  await hit.click();
  await page.waitForURL(/\/petowner\/\d+\/DN1000001/);
});
