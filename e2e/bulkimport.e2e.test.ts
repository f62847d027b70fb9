// Bulk resident import in Chromium: the property manager downloads the template (a real .xls), uploads a CSV of six
// rows of which three are bad, confirms its unknown column, sees the preview, imports with a progress bar, and finds
// the 'Partial Upload' outcome with the three bad rows grouped by problem; the errors file holds them; the three good
// rows are residents of the property.
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
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

const CSV = [
  'PropertyName,FirstName,LastName,Email,PetName,DogGender,Notes',
  'Oak Ridge Apartments,Bulk,Alpha,bulk.alpha@e2e.example,Pepper,Female,first',
  'Oak Ridge Apartments,Bulk,Alpha,bulk.alpha@e2e.example,Salt,Male,second dog',
  'Oak Ridge Apartments,Bulk,Beta,bulk.beta@e2e.example,,,no pet',
  'Oak Ridge Apartments,Bulk,,bulk.gamma@e2e.example,,,no last name',
  'Nowhere Towers,Bulk,Delta,bulk.delta@e2e.example,,,unknown property',
  'Oak Ridge Apartments,Bulk,Epsilon,not-an-email,,,bad email',
].join('\r\n');

test('a bulk import with three bad rows shows them grouped and imports the rest', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto('/tools/bulkupload');
  await visible(page.getByText('PropertyName (required)'));

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('WPRResidentTemplate.xls');
  const templateBytes = fs.readFileSync((await template.path())!);
  expect(templateBytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // a BIFF8 (OLE) workbook
  const templateSheet = XLSX.read(templateBytes, { type: 'buffer' });
  expect(
    XLSX.utils.sheet_to_json<string[]>(templateSheet.Sheets[templateSheet.SheetNames[0]!]!, { header: 1 })[0],
  ).toEqual([
    'PropertyName',
    'FirstName',
    'LastName',
    'AddressLine1',
    'Unit',
    'City',
    'State',
    'Country',
    'PostalCode',
    'Email',
    'Phone',
    'PetName',
    'PetSpeciesName',
    'DogGender',
  ]);

  // A file of the wrong type is refused before anything is read.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'residents.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  const refused = page.getByRole('dialog', { name: 'Invalid File Type' });
  await visible(refused);
  await refused.getByRole('button', { name: 'OK' }).click();

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'residents.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const confirm = page.getByRole('dialog', { name: 'Unexpected columns' });
  await visible(confirm.getByText(/column\(s\) the import does not know: Notes/));
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await visible(page.getByText('Preview (6 row(s))'));
  await visible(page.getByRole('cell', { name: 'bulk.delta@e2e.example' }));

  await page.getByRole('button', { name: /^Import 6 row/ }).click();
  await visible(page.getByRole('progressbar', { name: 'Import progress' }));
  const outcome = page.getByRole('status').filter({ hasText: 'Partial Upload' });
  await visible(outcome);
  await visible(outcome.getByText('3 row(s) had problems and were not imported; 3 row(s) were imported.'));
  await visible(page.getByText('Missing required value (1)'));
  await visible(page.getByText('Property not found (1)'));
  await visible(page.getByText('Invalid email (1)'));

  const errorsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors' }).click();
  const errors = await errorsDownload;
  expect(errors.suggestedFilename()).toBe('WPRResidentImportErrors.xls');
  const book = XLSX.read(fs.readFileSync((await errors.path())!), { type: 'buffer' });
  const lines = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  expect(lines[0]!.slice(0, 3)).toEqual(['RowNumber', 'ProblemDesc', 'ProblemDetails']);
  expect(
    lines
      .slice(1)
      .map((l) => [l[0], l[1]])
      .sort(),
  ).toEqual([
    [5, 'Missing required value'],
    [6, 'Property not found'],
    [7, 'Invalid email'],
  ]);

  const staff = await world.api('lab.admin');
  const managerRow = (await staff('GET', '/admin/search?name=Shah')).data[0];
  const property = (await staff('GET', `/admin/${managerRow.id}`)).groups[0];
  const imported = await staff('GET', `/groups/${property.id}/residents?name=Bulk&pageSize=50`);
  expect(imported.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['Bulk Alpha', 'Bulk Beta']);
  const alpha = imported.data.find((r: { fullName: string }) => r.fullName === 'Bulk Alpha');
  const dogs = await staff('GET', `/dogs/${alpha.id}`);
  expect(dogs.map((d: { name: string }) => d.name).sort()).toEqual(['Pepper', 'Salt']);
});
