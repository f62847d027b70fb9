// A dog's second (witnessed) swab passing the verification test, as the lab does it in the browser: a GeneMapper plate
// with the ladder, controls and the dog typed again, uploaded on /dna/processing, and the Verification row approved.
// (The same steps as e2e/verification.e2e.test.ts, for journeys that need a passed verification test.)
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ISAG_2006_CANINE, alleleText, createPopulation, exportGeneMapper, plateWells } from '@registry/genetics';
import type { ExportSample } from '@registry/genetics';
import type { E2eWorld } from './app.ts';
import { gone, visible } from './locators.ts';

type Api = Awaited<ReturnType<E2eWorld['api']>>;
const panel = ISAG_2006_CANINE;

/** Uploads the dog's second swab (its approved genotype typed again) and approves its Verification row. */
export async function passVerificationTest(
  page: Page,
  lab: Api,
  dir: string,
  dog: { sampleNumber: string },
  plateName: string,
) {
  const rows = await lab('GET', `/dnaprocessing?sampleNumber=${dog.sampleNumber}&labStatus=400&pageSize=10`);
  const genotypes = await lab('GET', `/dnaprocessing/getgenotypes?dnaprofileid=${rows.data[0].dnaProfileId}`);
  const values = genotypes.dnaProfileResult.markerValues as { marker: string; alleleA: string; alleleB: string }[];
  const alleles = panel.markers.map((m) => {
    const v = values.find((x) => x.marker === m.name);
    return v ? [v.alleleA, v.alleleB].filter(Boolean) : [];
  });
  const pop = createPopulation(panel, 41);
  const wells = plateWells(96);
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const runName = plateName.replace(/\W/g, '_');
  const samples: ExportSample[] = [
    { sampleName: 'Allelic Ladder', well: wells[0], alleles: ladder, runName },
    { sampleName: 'POS CTRL', well: wells[1], profile: pop.dog(), runName },
    {
      sampleName: 'NEG CTRL',
      well: wells[2],
      profile: { panel, codes: new Uint16Array(panel.markers.length * 2) },
      runName,
    },
    { sampleName: dog.sampleNumber, well: wells[3], alleles, runName },
  ];
  const file = path.join(dir, `${plateName}.txt`);
  fs.writeFileSync(file, exportGeneMapper(panel, samples, { runName }));

  await page.goto('/dna/processing');
  await page.getByRole('button', { name: 'Import GeneMapper file' }).first().click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: 'Import GeneMapper file' });
  await dialog.getByLabel('Panel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ISAG 2006 canine' }).first().click();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await visible(dialog.getByText(path.basename(file)));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await gone(dialog, 30_000);
  await visible(page.getByText(new RegExp(`Plate ${plateName} uploaded: 1 profiles?\\.`)));

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
