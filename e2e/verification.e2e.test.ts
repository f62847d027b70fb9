// The DNA verification test in Chromium (issue 23): a demo dog at DnaProcessingComplete is sent for verification with
// the Verify quick action, its second swab arrives on a GeneMapper plate the lab uploads (status
// VerificationTestReceived, lab status Verification), the lab approves it, and the owner's page downloads the
// certificate as a PDF naming the dog and its sample number; once revoked the download is refused. A second swab that
// disagrees is not approved and the screen names the markers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ISAG_2006_CANINE,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  type ExportSample,
} from '@registry/genetics';
import { DogQuickActions, SampleCustomerStatus } from '@registry/contracts';
import { pdfText } from '../apps/server/test/pdf-reader.ts';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

type Api = Awaited<ReturnType<E2eWorld['api']>>;
type Dog = { id: number; name: string; sampleNumber: string };

let world: E2eWorld;
let staff: Api;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verification-e2e-'));
const panel = ISAG_2006_CANINE;
const pop = createPopulation(panel, 23);

beforeAll(async () => {
  world = await startWorld();
  staff = await world.api('lab.admin');
  // The lab admin's dog rows show the Verify quick action.
  await staff('POST', '/usersettings/setdogquickactions', { value: DogQuickActions.Verify | DogQuickActions.Flag });
});
afterAll(async () => {
  await world?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function ownerAndDog(userName: string, dogName: string): Promise<{ ownerId: number; dog: Dog }> {
  const owners = await staff('GET', `/petowner/searchpetowners?userName=${userName}&page=1&pageSize=5`);
  const ownerId = owners.data[0].id as number;
  const dogs = (await staff('GET', `/pet/getallpets/${ownerId}`)) as Dog[];
  return { ownerId, dog: dogs.find((d) => d.name === dogName)! };
}
const petStatus = async (dog: Dog) => (await staff('GET', `/pet/${dog.id}`)) as Record<string, unknown>;

/** The dog's approved genotype as allele texts per panel marker, read back through the lab's calls. */
async function approvedAlleles(dog: Dog): Promise<string[][]> {
  const rows = await staff('GET', `/dnaprocessing?sampleNumber=${dog.sampleNumber}&labStatus=400&pageSize=10`);
  const genotypes = await staff('GET', `/dnaprocessing/getgenotypes?dnaprofileid=${rows.data[0].dnaProfileId}`);
  const values = genotypes.dnaProfileResult.markerValues as { marker: string; alleleA: string; alleleB: string }[];
  return panel.markers.map((m) => {
    const v = values.find((x) => x.marker === m.name);
    return v ? [v.alleleA, v.alleleB].filter(Boolean) : [];
  });
}

/** A GeneMapper file with the ladder and controls (as the lab's other plates) and the dog's second swab. */
function plateFile(name: string, sampleNumber: string, alleles: string[][]): string {
  const wells = plateWells(96);
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const runName = name.replace(/\W/g, '_');
  const samples: ExportSample[] = [
    { sampleName: 'Allelic Ladder', well: wells[0], alleles: ladder, runName },
    { sampleName: 'POS CTRL', well: wells[1], profile: pop.dog(), runName },
    {
      sampleName: 'NEG CTRL',
      well: wells[2],
      profile: { panel, codes: new Uint16Array(panel.markers.length * 2) },
      runName,
    },
    { sampleName: sampleNumber, well: wells[3], alleles, runName },
  ];
  const file = path.join(dir, `${name}.txt`);
  fs.writeFileSync(file, exportGeneMapper(panel, samples, { runName }));
  return file;
}

async function uploadPlate(page: Page, file: string, plateName: string) {
  await page.goto('/dna/processing');
  // The page's button; an empty table offers the same action again.
  await page.getByRole('button', { name: 'Import GeneMapper file' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import GeneMapper file' });
  await dialog.getByLabel('Panel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ISAG 2006 canine' }).first().click();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await visible(dialog.getByText(path.basename(file)));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await gone(dialog, 30_000);
  await visible(page.getByText(new RegExp(`Plate ${plateName} uploaded: 1 profiles?\\.`)));
}

/** Approves the dog's row in lab status Verification from its actions menu (confirming a failing one). */
async function approveVerificationRow(page: Page, dog: Dog) {
  await page.getByLabel('Sample number').fill(dog.sampleNumber);
  await page.getByLabel('Sample number').press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'Verification' }).filter({ hasText: dog.sampleNumber });
  await visible(row);
  await row.getByRole('button', { name: `More actions for ${dog.sampleNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Approve', exact: true }).click();
  const failing = page.getByRole('dialog', { name: 'Approve a failing profile?' });
  const flagged = page.getByRole('dialog', { name: 'Flagged sample' });
  await Promise.race([visible(failing, 2_000), visible(flagged, 2_000)]).catch(() => undefined);
  if (await flagged.isVisible()) await flagged.getByRole('button', { name: 'Continue' }).click();
  if (await failing.isVisible()) await failing.getByRole('button', { name: 'Approve' }).click();
}

test('Verify, second swab on a plate, approved: the certificate downloads as a PDF; revoked, it is refused', async () => {
  const { ownerId, dog } = await ownerAndDog('avery.kim', 'Milo');
  expect((await petStatus(dog)).customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');

  // The Verify quick action on the owner's dog list.
  await page.goto(`/petowner/${ownerId}`);
  await page.getByLabel(`Verify ${dog.name}`).click();
  await page
    .getByRole('dialog', { name: `Verify ${dog.sampleNumber}` })
    .getByRole('button', { name: 'Verify' })
    .click();
  await expect
    .poll(async () => (await petStatus(dog)).customerFacingStatus, { timeout: 10_000 })
    .toBe(SampleCustomerStatus.VerificationTestRequested);

  // The second swab, the same dog typed again, arrives on a plate: received, its row in lab status Verification.
  const file = plateFile('E2E Verify Milo', dog.sampleNumber, await approvedAlleles(dog));
  await uploadPlate(page, file, 'E2E Verify Milo');
  expect((await petStatus(dog)).customerFacingStatus).toBe(SampleCustomerStatus.VerificationTestReceived);
  await approveVerificationRow(page, dog);
  await visible(page.getByText(/Approved successfully\./));
  await expect.poll(async () => (await petStatus(dog)).hasApprovedVerificationTest).toBe(true);
  expect((await petStatus(dog)).customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);

  // The owner's page gives the certificate: a PDF naming the dog and its sample number.
  const ownerPage = (await world.newPage()).page;
  await world.signIn(ownerPage, 'avery.kim');
  await ownerPage.goto(`/petowner/${ownerId}/${dog.sampleNumber}`);
  const button = ownerPage.getByRole('button', { name: 'Download DNA verification certificate' });
  await visible(button);
  const downloading = ownerPage.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`dna-verification-${dog.sampleNumber}.pdf`);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain(dog.name);
  expect(text).toContain(dog.sampleNumber);

  // The lab revokes it from the profile; the owner's page (still open) is refused, and says so once reloaded.
  await page.goto(`/dna/processing?sampleNumber=${dog.sampleNumber}&labStatus=400`);
  await page
    .getByRole('row')
    .filter({ hasText: 'E2E Verify Milo' })
    .getByRole('button', { name: 'Profile', exact: true })
    .click();
  await page.getByRole('button', { name: 'Revoke verification certificate' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the DNA verification certificate?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect
    .poll(async () => (await petStatus(dog)).isDnaVerificationCertificateRevoked, { timeout: 10_000 })
    .toBe(true);
  await button.click();
  const refusal = ownerPage.getByRole('dialog', { name: 'Error' });
  await visible(refusal.getByText('The DNA verification certificate has been revoked.'));
  await refusal.getByRole('button', { name: 'OK' }).click();
  await ownerPage.reload();
  await visible(ownerPage.getByText('DNA verification certificate revoked'));
  expect(await button.count()).toBe(0);
});

test('a disagreeing second swab is not approved, and the screen names the markers that disagree', async () => {
  const { dog } = await ownerAndDog('casey.morgan', 'Luna');
  await staff('POST', `/pet/verify/${dog.id}`);
  // The same dog but for two markers, typed homozygous for an allele she does not carry.
  const alleles = await approvedAlleles(dog);
  const changed: string[] = [];
  for (const d of pop.distributions) {
    if (changed.length === 2) break;
    const other = d.alleles.map(alleleText).find((a) => !alleles[d.marker].includes(a));
    if (!other || alleles[d.marker].length === 0) continue;
    alleles[d.marker] = [other, other];
    changed.push(panel.markers[d.marker].name);
  }
  expect(changed).toHaveLength(2);
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await uploadPlate(page, plateFile('E2E Verify Luna', dog.sampleNumber, alleles), 'E2E Verify Luna');
  await approveVerificationRow(page, dog);
  const refusal = page.getByRole('dialog', { name: 'Error' });
  await visible(refusal.getByText(/disagrees with its approved DNA profile at markers/));
  const said = (await refusal.textContent()) ?? '';
  for (const marker of changed) expect(said).toContain(marker);
  const pet = await petStatus(dog);
  expect(pet.customerFacingStatus).toBe(SampleCustomerStatus.VerificationTestReceived);
  expect(pet.isFlagged).toBe(true);
});
