// Parentage and duplicate dogs in Chromium: the lab types a generated plate holding a parentage group's litter (and the
// same dogs again on a second plate under other numbers); a parentage manager runs a test from a puppy's row, sees
// Certified and opens the certificate (a PDF); the lab runs a test in the parentage test tool on a puppy with no
// Parentage product ticked and opens its certificate from the tool and from the lookup; the lab marks a duplicate
// cluster reviewed.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { syntheticLabPlate } from '../apps/server/src/modules/dna/synthetic-plate.ts';
import { DEMO_PASSWORD, startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

let world: E2eWorld;
let ownerId: number;
// Wells 4-8 hold the plate's dam, sire, a puppy, a waste sample and a second puppy (synthetic-plate.ts).
const FIRST = 2_100_000;
const dn = (well: number, first = FIRST) => `DN${first + well}`;
const dam = dn(3);
const sire = dn(4);
const puppy = dn(5);
// The litter's second puppy (well 7), registered without the Parentage product.
const secondPuppy = dn(7);

async function uploadAndApprove(seed: number, firstNumber: number) {
  const plate = syntheticLabPlate({ seed, firstNumber });
  const token = (await (
    await fetch(`${world.baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', userName: 'lab.admin', password: DEMO_PASSWORD }),
    })
  ).json()) as { access_token: string };
  const form = new FormData();
  form.append('model', JSON.stringify({ panelId: 'isag-2006-canine', plateName: `Parentage ${firstNumber}` }));
  form.append('file', new Blob([plate.text], { type: 'text/plain' }), `parentage-${firstNumber}.txt`);
  const res = await fetch(`${world.baseUrl}/api/v1/genemapperfileupload/postnewplate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}` },
    body: form,
  });
  const body = (await res.json()) as { plateId: number };
  if (!res.ok) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  const lab = await world.api('lab.admin');
  await lab('POST', '/dnaprocessing/approveallpassingonplate', { plateId: body.plateId });
}

/** The first bytes of a certificate address read through the API as the user. */
async function pdfHead(url: string, userName: string) {
  const token = (await (
    await fetch(`${world.baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', userName, password: DEMO_PASSWORD }),
    })
  ).json()) as { access_token: string };
  const pdf = await fetch(url, { headers: { authorization: `Bearer ${token.access_token}` } });
  return Buffer.from(await pdf.arrayBuffer())
    .subarray(0, 5)
    .toString('latin1');
}

/**
 * The next window the page opens, watched from its first moment. `pdfOpened` settles once the certificate is there as a
 * PDF: a browser with a PDF viewer shows the object URL in the window (an application/pdf document),
 * a headless build without one downloads it (the file starts with %PDF-).
 */
async function nextCertificateWindow(context: BrowserContext) {
  const popup = await context.waitForEvent('page');
  const downloaded = popup.waitForEvent('download', { timeout: 30_000 }).then(async (download) => {
    const head = (await fs.readFile(await download.path())).subarray(0, 5).toString('latin1');
    if (head !== '%PDF-') throw new Error(`The downloaded certificate starts with ${JSON.stringify(head)}`);
    return 'downloaded';
  });
  const shown = popup.waitForURL(/^blob:/, { timeout: 30_000 }).then(async () => {
    const type = await popup.evaluate(() => document.contentType);
    if (type !== 'application/pdf') throw new Error(`The window shows a ${type} document`);
    return 'shown';
  });
  downloaded.catch(() => {});
  shown.catch(() => {});
  return { popup, pdfOpened: Promise.any([downloaded, shown]) };
}

beforeAll(async () => {
  world = await startWorld();
  const lab = await world.api('lab.admin');
  const owner = (await lab('GET', '/petowner/searchpetowners?userName=riley.hart')).data[0];
  ownerId = owner.id;
  await lab('POST', '/petowner/pets', {
    petOwnerId: owner.id,
    pets: [
      { name: 'Bella', sampleNumber: dam, isParentage: true, isPooPrints: false },
      { name: 'Max', sampleNumber: sire, isParentage: true, isPooPrints: false },
      { name: 'Pip', sampleNumber: puppy, isParentage: true, isPooPrints: false },
      { name: 'Dot', sampleNumber: secondPuppy, isParentage: false, isPooPrints: true },
      // The puppy typed again under another number: registered too, so both profiles are in the registry index (a
      // profile of a number no pet has stays out of it) and form a duplicate cluster.
      { name: 'Pip again', sampleNumber: dn(5, FIRST + 100_000), isParentage: true, isPooPrints: false },
    ],
  });
  // The same seed twice: the second plate types the same dogs under other numbers (every dog a duplicate).
  await uploadAndApprove(61, FIRST);
  await uploadAndApprove(61, FIRST + 100_000);
}, 180_000);
afterAll(async () => {
  await world?.close();
});

test('a parentage manager runs a test from the puppy’s row, sees Certified and opens the certificate PDF', async () => {
  const { page, context } = await world.newPage();
  await world.signIn(page, 'parentage.manager');
  await page.goto(`/parentage?samplenumber=${puppy}`);
  await visible(page.getByRole('heading', { name: 'Parentage' }), 45_000);
  const row = page.getByRole('row').filter({ hasText: puppy });
  await visible(row);
  await row.getByRole('button', { name: 'Execute test' }).click();
  const dialog = page.getByRole('dialog', { name: `Execute parentage test for ${puppy}` });
  await visible(dialog);
  // Without a dam the spec's warning shows.
  await dialog.getByRole('button', { name: 'Run test' }).click();
  await visible(dialog.getByText('Please select a Dam'));
  await dialog.getByText('DN numbers').click();
  await dialog.getByLabel('Dam DN number').fill(dam);
  await dialog.getByLabel('Sire DN number').fill(sire);
  await dialog.getByRole('button', { name: 'Run test' }).click();
  const result = page.getByRole('dialog', { name: `Parentage result for ${puppy}` });
  await visible(result.getByTestId('parentage-result').getByText('Certified'));
  await result.getByRole('button', { name: 'OK' }).click();

  await visible(row.getByText('Certified'));
  const [{ pdfOpened }, response] = await Promise.all([
    nextCertificateWindow(context),
    page.waitForResponse((r) => r.url().includes('/pdfdownload/getproofofparentagecertificate')),
    row.getByRole('button', { name: 'Certificate' }).click(),
  ]);
  // The certificate comes down as a PDF and opens in the new window (an object URL of it).
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(await pdfOpened).toMatch(/^(shown|downloaded)$/);
  // The same certificate, read through the API as the manager: a real PDF.
  const token = (await (
    await fetch(`${world.baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', userName: 'parentage.manager', password: DEMO_PASSWORD }),
    })
  ).json()) as { access_token: string };
  const pdf = await fetch(response.url(), { headers: { authorization: `Bearer ${token.access_token}` } });
  const head = Buffer.from(await pdf.arrayBuffer())
    .subarray(0, 5)
    .toString('latin1');
  expect(head).toBe('%PDF-');
}, 120_000);

test('the lab runs the test tool on a puppy with no Parentage product and opens its certificate there, in the lookup and on the dog’s page', async () => {
  const { page, context } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto('/tools/parentage/test');
  await visible(page.getByRole('heading', { name: 'Parentage test' }), 45_000);
  await page.getByLabel('Puppy DN number').fill(secondPuppy);
  await page.getByLabel('Dam DN number').fill(dam);
  await page.getByLabel('Sire DN number').fill(sire);
  await page.getByRole('button', { name: 'Run test' }).click();
  await visible(page.getByText('Certified').first());
  const [{ popup, pdfOpened }, response] = await Promise.all([
    nextCertificateWindow(context),
    page.waitForResponse((r) => r.url().includes('/pdfdownload/getproofofparentagecertificate')),
    page.getByRole('button', { name: 'Certificate' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  // The page's copy of the body is not kept by the browser: the same address read again as the lab is a real PDF.
  expect(await pdfHead(response.url(), 'lab.admin')).toBe('%PDF-');
  expect(await pdfOpened).toMatch(/^(shown|downloaded)$/);
  await popup.close();

  // The lookup names the same certified result and offers the same certificate.
  await page.goto('/tools/parentage/lookup');
  await visible(page.getByRole('heading', { name: 'Parentage lookup' }), 45_000);
  await page.getByLabel('Sample number').fill(secondPuppy);
  await page.getByRole('button', { name: 'Look up' }).click();
  const [lookupPopup, lookupResponse] = await Promise.all([
    context.waitForEvent('page'),
    page.waitForResponse((r) => r.url().includes('/pdfdownload/getproofofparentagecertificate')),
    page.getByRole('button', { name: 'Certificate' }).click(),
  ]);
  expect(lookupResponse.status()).toBe(200);
  expect(lookupResponse.headers()['content-type']).toContain('application/pdf');
  await lookupPopup.close();
  // The dog's record never got the Parentage product: the certificate did not need it, and the dog's page offers it.
  const lab = await world.api('lab.admin');
  const set = await lab('GET', `/parentagematchresultset/getbypet?sampleNumber=${secondPuppy}`);
  const dog = await lab('GET', `/pet/${set.puppyId}`);
  expect(dog).toMatchObject({ isParentage: false, parentageCertificateResultId: set.certificateResultId });
  expect(set.certificateResultId).not.toBeNull();
  await page.goto(`/petowner/${ownerId}/${secondPuppy}`);
  const [dogPopup, dogResponse] = await Promise.all([
    context.waitForEvent('page'),
    page.waitForResponse((r) => r.url().includes('/pdfdownload/getproofofparentagecertificate')),
    (async () => {
      const button = page.getByRole('button', { name: 'Parentage certificate' });
      await visible(button, 45_000);
      await button.click();
    })(),
  ]);
  expect(dogResponse.status()).toBe(200);
  expect(dogResponse.headers()['content-type']).toContain('application/pdf');
  await dogPopup.close();
}, 120_000);

test('the lab marks a duplicate cluster reviewed', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/lab-tools/duplicate-dog-report?samplenumber=${puppy}`);
  await visible(page.getByRole('heading', { name: 'Duplicate dog report' }), 45_000);
  const cluster = page
    .locator('tr[data-row-key]')
    .filter({ hasText: dn(5, FIRST + 100_000) })
    .first();
  await visible(cluster);
  await cluster.getByRole('button', { name: 'Mark reviewed' }).click();
  await visible(page.getByText('Cluster marked as reviewed.'));
  await visible(cluster.getByText('Reviewed', { exact: true }));
  const lab = await world.api('lab.admin');
  const reviewed = await lab('GET', `/duplicatedogreport?showApprovedFilter=true&sampleNumberFilter=${puppy}`);
  expect(reviewed.totalRecords).toBe(1);
}, 120_000);
