// Certificates in Chromium: provider staff set the lab's identity on the lab settings screen; the owner downloads the
// dog's DNA verification certificate, which names the lab and carries its verification address; anyone (not signed
// in) opens that address and sees the certificate valid; the lab revokes it and the same page says revoked, with the
// date; a wrong code reads as no such certificate.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readPdf } from '../apps/server/test/pdf-reader.ts';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

let world: E2eWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const LAB_NAME = 'Tri-County Canine DNA Laboratory';
/** The demo dog whose verification test is approved (DEMO_VERIFIED_DOG of the demo DNA seed). */
const DEMO_VERIFIED_DOG = 'Luna';

test('lab identity set on screen; the certificate names it and verifies valid, then revoked', async () => {
  const staff = await world.api('lab.admin');
  const owners = await staff('GET', '/petowner/searchpetowners?userName=casey.morgan&page=1&pageSize=5');
  const ownerId = owners.data[0].id as number;
  const dogs = (await staff('GET', `/pet/getallpets/${ownerId}`)) as {
    id: number;
    name: string;
    sampleNumber: string;
  }[];
  const dog = dogs.find((d) => d.name === DEMO_VERIFIED_DOG)!;

  // The lab's identity, on the lab settings screen.
  const { page: lab } = await world.newPage();
  await world.signIn(lab, 'lab.admin');
  await lab.goto('/system/lab-settings');
  await lab.getByLabel('Lab name').fill(LAB_NAME);
  await lab.getByLabel('Address').fill('12 Laboratory Way\nKnoxville, TN 37902');
  await lab.getByLabel('Accreditation line').fill('ISO/IEC 17025:2017 accredited');
  await lab.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(lab.getByText('Lab settings saved.'));
  await world.screenshot(lab, 'lab-settings');

  // The owner downloads the dog's DNA verification certificate.
  const { page: owner } = await world.newPage();
  await world.signIn(owner, 'casey.morgan');
  await owner.goto(`/petowner/${ownerId}/${dog.sampleNumber}`);
  const button = owner.getByRole('button', { name: 'Download DNA verification certificate' });
  await visible(button);
  const [download] = await Promise.all([owner.waitForEvent('download'), button.click()]);
  const pdf = await readPdf(fs.readFileSync((await download.path())!));
  expect(pdf.text).toContain(LAB_NAME);
  expect(pdf.text).toContain('ISO/IEC 17025:2017 accredited');
  const address = /Verify at: (\S+\/verify\/[A-Z2-7]{24})/.exec(pdf.text)?.[1];
  expect(address).toBeDefined();
  const number = /Certificate No\.: (DV-\d{4}-\d{6})/.exec(pdf.text)![1];

  // Anyone, not signed in, opens the address printed on it.
  const { page: visitor } = await world.newPage();
  await visitor.goto(address!);
  await visible(visitor.getByRole('heading', { name: 'Certificate verification' }));
  await visible(visitor.getByRole('status').getByText('Valid', { exact: true }));
  await visible(visitor.getByText(number));
  await visible(visitor.getByText(dog.name, { exact: true }));
  await visible(visitor.getByText(LAB_NAME));
  await world.screenshot(visitor, 'certificate-valid');

  // The lab revokes it from the dog's approved profile; the same address now says revoked.
  await lab.goto(`/dna/processing?sampleNumber=${dog.sampleNumber}&labStatus=400`);
  await lab
    .getByRole('row')
    .filter({ hasText: dog.sampleNumber })
    .getByRole('button', { name: 'Profile', exact: true })
    .first()
    .click();
  await lab.getByRole('button', { name: 'Revoke verification certificate' }).click();
  await lab
    .getByRole('dialog', { name: 'Revoke the DNA verification certificate?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect.poll(async () => (await staff('GET', `/pet/${dog.id}`)).isDnaVerificationCertificateRevoked).toBe(true);
  await visitor.reload();
  await visible(visitor.getByRole('status').getByText('Revoked', { exact: true }));
  await visible(visitor.getByText(/This certificate was revoked on /));
  await world.screenshot(visitor, 'certificate-revoked');

  // A wrong code and a malformed one read the same.
  await visitor.goto(address!.replace(/[A-Z2-7]{24}$/, 'AAAAAAAAAAAAAAAAAAAAAAAA'));
  await visible(visitor.getByRole('alert').getByText(/No such certificate/));
  await visitor.goto('/verify/not-a-code');
  await visible(visitor.getByRole('alert').getByText(/No such certificate/));
});
