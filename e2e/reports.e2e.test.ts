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

test('PooPrints detail for a management group: request form, result page, CSV export holding the rows', async () => {
  const api = await world.api('lab.admin');
  const manager = (await api('GET', '/admin/search?name=Shah')).data[0];
  const property = (await api('GET', `/admin/${manager.id}`)).groups[0];
  const managementId = property.parentId as number;
  const expected = await api('GET', `/pooprintsdetailreport?groupId=${managementId}&pageSize=1000`);
  expect(expected.totalRecords).toBeGreaterThanOrEqual(1);

  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/reports/pooprintsdetail?groupId=${managementId}&groupName=Harbor%20Property%20Management`);
  await visible(page.getByRole('heading', { name: 'PooPrints detail report' }));
  await page.getByRole('button', { name: 'Defaults' }).click();
  await page.getByRole('checkbox', { name: 'Primary Admin', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'Residents', exact: true }).check();
  await page.getByRole('button', { name: 'Run report' }).click();
  await page.waitForURL(/\/reports\/pooprintsdetailresult\?/);
  await visible(page.getByRole('cell', { name: property.name }).first());
  await expect(page.getByRole('columnheader', { name: 'Primary Admin' }).count()).resolves.toBe(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PooPrints_Detail_Report_Harbor_Property_Management_\d{8}_\d{6}\.csv$/);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Property Name,Distributor,Management Company,Number Of Units,Active,Residents,Dogs,Waste Samples,Match,No Match',
  );
  const active = (
    expected.data as { name: string; isActive: boolean; residentCount: number; dogCount: number }[]
  ).filter((r) => r.isActive);
  expect(lines).toHaveLength(active.length + 1);
  for (const row of active) {
    const cells = lines.map(csvCells).find((c) => c[0] === row.name);
    expect(cells?.slice(5, 7)).toEqual([String(row.residentCount), String(row.dogCount)]);
  }
});

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .filter((_m, i, all) => i === 0 || all[i - 1]![2] === ',')
    .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!));
}
