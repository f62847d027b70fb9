// Waste matching in Chromium, on the demo DNA (three waste samples left at Oak Ridge by the demo dogs Biscuit and
// Pepper, with approved profiles). The lab approves a match and downloads its certificate (a PDF that opens); the Oak
// Ridge property manager, with the app open, hears of it at once, opens the result under the group and emails it to the
// primary admin (the mail reaches the SMTP receiver); a rerun of all no-matches shows its progress and completes; the
// lab overrides an Inconclusive to Match with a dog it picks, and the result list shows that dog.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-reader.ts';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

// The machine is shared: first paints and live events get a generous wait.
const SLOW = 60_000;
let world: E2eWorld;
let staff: Awaited<ReturnType<E2eWorld['api']>>;
const setIds = new Map<string, number>();

type ResultRow = { sampleNumber: string; matchResultSetId: number; latestMatchStatus: string | null };

/** Approves the demo waste profiles again (New, then Approved): each gets a result set and a queued match run. */
async function matchDemoWaste(sampleNumbers: string[]) {
  const ids: number[] = [];
  for (const n of sampleNumbers) {
    const page = await staff('GET', `/dnaprocessing?sampleNumber=${n}&labStatus=400`);
    ids.push(...(page.data as { dnaProfileId: number }[]).map((r) => r.dnaProfileId));
  }
  expect(ids).toHaveLength(sampleNumbers.length);
  await staff('POST', '/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: ids, labStatus: 0 });
  await staff('POST', '/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: ids, labStatus: 400 });
  // The queued match runs store their results within moments (expect.poll is for tests, not beforeAll).
  let ran = 0;
  for (let attempt = 0; attempt < 60 && ran < sampleNumbers.length; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await staff('GET', '/pooprintsresulting/getresultsets?sampleNumberFilter=TD02&pageSize=10');
    const rows = (list.data as ResultRow[]).filter((r) => sampleNumbers.includes(r.sampleNumber));
    for (const r of rows) setIds.set(r.sampleNumber, r.matchResultSetId);
    ran = rows.filter((r) => r.latestMatchStatus !== null).length;
  }
  if (ran < sampleNumbers.length) throw new Error(`Only ${ran} of ${sampleNumbers.length} match runs were stored.`);
}

beforeAll(async () => {
  world = await startWorld();
  staff = await world.api('lab.admin');
  await matchDemoWaste(['TD0200001', 'TD0200002', 'TD0200003']);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

test(
  'the lab approves a match and downloads its certificate; the property manager hears of it live and emails it',
  { timeout: 300_000 },
  async () => {
    // The property manager has the app open, having read the demo's notifications (none unread).
    await (
      await world.api('property.manager')
    )('PUT', '/notifications/updatelastnotificationvieweddate');
    const { page: manager } = await world.newPage();
    await world.signIn(manager, 'property.manager');
    const bell = manager.getByRole('button', { name: /^Notifications/ });
    await visible(bell, SLOW);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: SLOW }).toBe('Notifications');
    await manager.waitForTimeout(500);

    // The lab admin finds the sample's result, approves the Match and downloads the certificate.
    const { page: lab } = await world.newPage();
    await world.signIn(lab, 'lab.admin');
    await lab.goto('/dna/wasteresults?sampleNumber=TD0200001');
    await visible(lab.getByRole('heading', { name: 'Waste results' }), SLOW);
    await lab.getByRole('link', { name: 'TD0200001' }).click();
    await lab.waitForURL((url) => url.pathname === `/wasteresultset/${setIds.get('TD0200001')}`);
    const history = lab.getByRole('table').last();
    await visible(history.getByText('Match', { exact: true }));
    await expect(history.textContent()).resolves.toContain('DN1000001');
    await history.getByRole('button', { name: 'Approve' }).click();
    await visible(lab.getByText('Result approved successfully.'));
    await visible(history.getByRole('cell', { name: 'Yes', exact: true }));

    const [download] = await Promise.all([
      lab.waitForEvent('download'),
      lab.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('match-certificate-TD0200001.pdf');
    const pdf = await streamToBuffer(await download.createReadStream());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length).toBeGreaterThanOrEqual(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Waste sample: TD0200001');
    expect(text).toContain('Property: Oak Ridge Apartments');
    expect(text).toMatch(/Dog: Biscuit \(DN1000001\)/);
    expect(text.replace(/\s+/g, ' ')).toMatch(
      /The probability that a randomly chosen unrelated dog has this DNA profile is (less than )?1 in [\d,]+\./,
    );

    // The manager's bell counts it without a reload; the notification opens the group's results at the sample.
    await visible(manager.getByRole('button', { name: 'Notifications, 1 unread' }), SLOW);
    await bell.click();
    const recent = manager.getByRole('dialog', { name: 'Recent notifications' });
    const notice = 'Waste sample TD0200001: Match approved';
    await visible(recent.getByText(notice));
    await recent.getByRole('button', { name: new RegExp(notice) }).click();
    await manager.waitForURL((url) => /^\/group\/\d+\/results$/.test(url.pathname));
    expect(new URL(manager.url()).searchParams.get('samplenumber')).toBe('TD0200001');
    await visible(manager.getByText('Waste results: Oak Ridge Apartments'), SLOW);
    const row = manager.getByRole('row', { name: /TD0200001/ });
    await visible(row.getByText('Match', { exact: true }));
    expect(await manager.getByRole('row', { name: /TD0200002/ }).count()).toBe(0);

    // The details modal shows the sample and its history.
    await row.getByRole('button', { name: 'Details' }).click();
    const details = manager.getByRole('dialog', { name: 'Waste sample TD0200001' });
    await visible(details.getByText('Dog run by building B'));
    await details.getByRole('button', { name: 'Close' }).click();
    await gone(details);

    // Email the match result to the primary admin: the server's text in a success dialog, the letter in the mailbox
    // (once more: the approval sent it first).
    const isLetter = (m: { subject: string }) => m.subject === 'DNA match result for TD0200001: Match';
    await world.smtp.waitFor(isLetter, 15_000);
    const lettersBefore = world.smtp.messages.filter(isLetter).length;
    await row.getByRole('button', { name: 'More actions for TD0200001' }).click();
    await manager.getByRole('menuitem', { name: 'Email primary admin' }).click();
    await manager.getByRole('dialog', { name: 'Email the match result' }).getByRole('button', { name: 'Send' }).click();
    await visible(manager.getByText(/^The match result was emailed to /), SLOW);
    await expect.poll(() => world.smtp.messages.filter(isLetter).length, { timeout: 15_000 }).toBe(lettersBefore + 1);
    const mail = world.smtp.messages.filter(isLetter).at(-1)!;
    expect(mail.to).toEqual(['property.manager@registry.example']);
    expect(mail.text).toContain('Biscuit (DN1000001)');
    expect(mail.text).toMatch(/\/group\/\d+\/results\?samplenumber=TD0200001/);
  },
);

test('a rerun of all no-matches shows its progress and completes', { timeout: 300_000 }, async () => {
  // TD0200002 stored as a NoMatch by hand: the rerun finds Pepper and turns it into a Match. The demo's two no-matches
  // (TD0200005 and TD0200006, left by a dog no one registered) are rerun too and stay NoMatch.
  const saved = await staff('POST', `/pooprintsresulting/savenewmatchresultsrun/${setIds.get('TD0200002')}`, {
    matchRunResult: 'NoMatch',
    bioPetNotes: 'Stored as a NoMatch for the rerun',
  });
  expect(saved.matchHistory[0].status).toBe('NoMatch');

  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  // The status answers arrive slowly, so the progress of this short run stays on screen long enough to be seen.
  await page.route('**/api/v1/pooprintsresulting/getrerunallnomatchesstatus', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/dna/wasteresults?approved=all');
  await visible(page.getByRole('heading', { name: 'Waste results' }), SLOW);
  await page.getByRole('button', { name: 'Rerun all no-matches' }).click();
  const progress = page.getByLabel('Rerun progress');
  await visible(progress);
  await visible(progress.getByRole('progressbar'));
  await visible(page.getByText('Rerun of all no-matches complete: 1 of 3 changed.'), SLOW);
  await gone(progress);

  await page.goto('/dna/nomatchreruns?sampleNumber=TD0200002');
  await visible(page.getByRole('heading', { name: 'No-match reruns' }), SLOW);
  const row = page.getByRole('row', { name: /TD0200002/ });
  try {
    await visible(row, SLOW);
  } catch (error) {
    console.log('Screenshot:', await world.screenshot(page, 'wastematching-nomatchreruns'));
    throw error;
  }
  await expect(row.textContent()).resolves.toMatch(/Match.*NoMatch/);
  expect(await staff('GET', '/pooprintsresulting/getrerunallnomatchesstatus')).toMatchObject({
    status: 'Completed',
    total: 3,
    done: 3,
    changed: 1,
  });
});

test(
  'the lab overrides an Inconclusive to Match with a dog, and the result list names the dog',
  { timeout: 300_000 },
  async () => {
    const id = setIds.get('TD0200003')!;
    // Pepper, the other demo dog of Oak Ridge (the dog of TD0200002's run), is the dog the analyst names.
    const pepper = (
      await staff('GET', `/pooprintsresulting/previewnewtestresult?matchResultSetId=${setIds.get('TD0200002')}`)
    ).matchingPet.sampleNumber as string;
    const inconclusive = await staff('POST', `/pooprintsresulting/savenewmatchresultsrun/${id}`, {
      matchRunResult: 'Inconclusive',
    });
    expect(inconclusive.matchHistory[0].status).toBe('Inconclusive');

    const { page } = await world.newPage();
    await world.signIn(page, 'lab.admin');
    await page.goto(`/wasteresultset/${id}`);
    await visible(page.getByRole('button', { name: 'New match run' }), SLOW);
    await page.getByRole('button', { name: 'New match run' }).click();
    const modal = page.getByRole('dialog', { name: 'New match run' });
    await visible(modal.getByText('Registry hits'), SLOW);
    await modal.getByRole('combobox', { name: 'Result' }).click();
    await page.getByTitle('Match', { exact: true }).click();
    await modal.getByRole('combobox', { name: 'Matched dog (sample number)' }).fill(pepper);
    await modal.getByRole('button', { name: 'Save run' }).click();
    await visible(modal.getByText('Notes are required to override the result.'));
    await modal.getByRole('textbox', { name: 'Notes' }).fill('Seen on the camera by building B');
    await modal.getByRole('button', { name: 'Save run' }).click();
    await gone(modal, SLOW);
    const history = page.getByRole('table').last();
    await visible(history.getByText(`${pepper} · set by the analyst`), SLOW);

    await page.goto(`/dna/wasteresults?sampleNumber=TD0200003&approved=all`);
    await visible(page.getByRole('heading', { name: 'Waste results' }), SLOW);
    const row = page.getByRole('row', { name: /TD0200003/ });
    await visible(row, SLOW);
    await visible(row.getByText(pepper, { exact: true }));
    await visible(row.getByText('Match', { exact: true }));
  },
);

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
