// Violation notices in Chromium (issue 41): the property manager sets the property's fine schedule, issues a notice from
// the demo's approved Match (Pepper, TD0200004) on the Results tab; the owner sees it with its evidence under My
// notices and disputes it with a photo; the property asks for a witnessed re-swab, the lab passes the verification test, the property
// upholds; the owner pays by card; the ledger shows it paid and the CSV export has the charge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_PASSWORD, startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';
import { passVerificationTest } from './support/verification-swab.ts';

let world: E2eWorld;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'violations-e2e-'));

beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A CSV export as the user downloads it (the API client of the world reads JSON only). */
async function csvAs(userName: string, apiPath: string) {
  const tokenResponse = await fetch(`${world.baseUrl}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', userName, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(`${world.baseUrl}/api/v1${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

test('schedule, notice from the approved match, dispute, re-swab, upheld, paid, ledger and CSV', async () => {
  const pm = await world.api('property.manager');
  const lab = await world.api('lab.admin');
  const [oak] = (await pm('GET', '/admingroups/directlyassignedgroups')) as { id: number; name: string }[];

  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/group/${oak.id}/fines`);
  await visible(page.getByTestId('schedule-source'), 30_000);
  await page.getByLabel('First offence').fill('40');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await visible(page.getByText('Fine schedule saved.'));
  await visible(page.getByText('This group has its own fine schedule.'));

  await page.goto(`/group/${oak.id}/results?samplenumber=TD0200004`);
  await page.getByRole('button', { name: 'More actions for TD0200004' }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Issue violation notice' }).click();
  await page.waitForURL((url) => /^\/violations\/\d+$/.test(url.pathname), { timeout: 30_000 });
  const noticeId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect.poll(() => page.getByTestId('notice-amount').textContent(), { timeout: 30_000 }).toBe('$40.00');
  const issued = await pm('GET', `/violations/${noticeId}`);
  expect(issued).toMatchObject({ petName: 'Pepper', wasteSampleNumber: 'TD0200004', state: 'Issued' });

  // The owner: My notices, the evidence, a dispute.
  const owner = (await world.newPage()).page;
  await world.signIn(owner, 'pet.owner');
  await owner.goto('/notices');
  await owner.getByRole('link', { name: issued.reference }).click({ timeout: 30_000 });
  await visible(owner.getByText(`Match certificate ${issued.certificateNumber}:`, { exact: false }));
  expect(await owner.getByRole('link', { name: 'verify it' }).getAttribute('href')).toBe(issued.verificationUrl);
  await owner.getByLabel('Reason').fill('Pepper was with me at the vet all day.');
  // An optional photo goes with the dispute (a 1×1 PNG); staff see it on the notice page.
  await owner.getByLabel('Photo (optional)').setInputFiles({
    name: 'vet-receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await visible(owner.getByText('vet-receipt.png'));
  await owner.getByRole('button', { name: 'Send dispute' }).click();
  await expect.poll(() => owner.getByTestId('notice-state').textContent(), { timeout: 15_000 }).toBe('Disputed');
  const disputed = await pm('GET', `/violations/${noticeId}`);
  expect(disputed.disputePhotoUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.jpg$/);

  // The property asks for a witnessed re-swab; the lab passes the verification test.
  await page.reload();
  await visible(page.getByRole('img', { name: `Photo sent with the dispute of ${issued.reference}` }));
  await page.getByRole('button', { name: 'Request witnessed re-swab' }).click();
  await visible(page.getByText('A witnessed re-swab of the dog was requested.'));
  const labPage = (await world.newPage()).page;
  await world.signIn(labPage, 'lab.admin');
  await passVerificationTest(labPage, lab, dir, { sampleNumber: issued.petSampleNumber }, 'E2E Reswab Pepper');
  await expect
    .poll(async () => (await pm('GET', `/violations/${noticeId}`)).reswabPassed, { timeout: 30_000 })
    .toBe(true);

  await page.reload();
  await page.getByRole('button', { name: 'Review dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review the dispute' });
  await dialog.getByLabel('Notes').fill('The witnessed re-swab matches Pepper.');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect.poll(() => page.getByTestId('notice-state').textContent(), { timeout: 15_000 }).toBe('Upheld');

  // The owner pays by card.
  await owner.reload();
  await owner.getByLabel('First name').fill('Jordan');
  await owner.getByLabel('Last name').fill('Blake');
  await owner.getByLabel('Billing address').fill('1 Oak Ridge Way');
  await owner.getByLabel('City').fill('Austin');
  await owner.getByLabel('ZIP').fill('78701');
  await owner.getByLabel('Card number').fill('4242 4242 4242 4242');
  await owner.getByLabel('Expiry (MM/YY)').fill('12/35');
  await owner.getByLabel('CVV').fill('123');
  await owner.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect.poll(() => owner.getByTestId('notice-state').textContent(), { timeout: 15_000 }).toBe('Paid');
  await world.screenshot(owner, 'violation-notice-paid');

  // The ledger shows it paid; the CSV export has the charge.
  await page.goto(`/group/${oak.id}/fines?state=Paid`);
  const row = page.getByRole('row').filter({ hasText: issued.reference });
  await visible(row, 30_000);
  await visible(row.getByText('Paid', { exact: true }));
  await world.screenshot(page, 'violation-ledger');
  const csv = await csvAs('property.manager', `/groups/${oak.id}/violations/export?format=csv`);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('property,unit,resident,date,amount,description,reference');
  const charge = lines.find((line) => line.includes(issued.reference))!;
  expect(charge).toContain(oak.name);
  expect(charge).toContain('40');
  expect(charge).toContain('(paid)');
}, 300_000);
