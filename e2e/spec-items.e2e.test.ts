// The spec's last items in Chromium: on a waste result set the lab edits a result's notes and walks the TD through its
// status actions (reset, void, un-void); the lab lists offer approve-all-of-a-type, approve all matching reruns and
// delete all inconclusive rerun results; the Oak Ridge property manager edits a waste sample from the details dialog
// under the group's results; and the route changes of the session reach the page views screen.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

const SLOW = 60_000;
let world: E2eWorld;
let staff: Awaited<ReturnType<E2eWorld['api']>>;
let setId = 0;

type ResultRow = { sampleNumber: string; matchResultSetId: number; latestMatchStatus: string | null };

beforeAll(async () => {
  world = await startWorld({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  staff = await world.api('lab.admin');
  // The demo waste profile approved again (New, then Approved) gets a result set and a match run.
  const page = await staff('GET', '/dnaprocessing?sampleNumber=TD0200003&labStatus=400');
  const ids = (page.data as { dnaProfileId: number }[]).map((r) => r.dnaProfileId);
  await staff('POST', '/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: ids, labStatus: 0 });
  await staff('POST', '/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: ids, labStatus: 400 });
  for (let attempt = 0; attempt < 120 && !setId; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await staff('GET', '/pooprintsresulting/getresultsets?sampleNumberFilter=TD0200003&pageSize=10');
    const row = (list.data as ResultRow[]).find((r) => r.sampleNumber === 'TD0200003' && r.latestMatchStatus);
    if (row) setId = row.matchResultSetId;
  }
  if (!setId) throw new Error('The match run of TD0200003 was not stored.');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

test('the lab edits a result’s notes and moves the TD through its status actions', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/wasteresultset/${setId}`);
  await visible(page.getByRole('heading', { name: 'Result set TD0200003' }), SLOW);

  await page.getByRole('button', { name: 'Edit notes' }).first().click();
  const notes = page.getByRole('dialog', { name: 'Edit result notes' });
  await notes.getByLabel('Notes').fill('Checked by the second analyst.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText('Notes updated successfully'));
  await visible(page.getByRole('cell', { name: 'Checked by the second analyst.' }));

  const actions = page.getByLabel('Sample status actions');
  await actions.getByRole('button', { name: 'Reset status' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset status' }).click();
  await visible(page.getByText('Status reset successfully.'));
  await visible(page.getByText('Sample status:').getByText(/profile created/i));

  await actions.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void TD0200003' });
  await voiding.getByRole('button', { name: 'Void' }).click();
  await visible(voiding.getByText('Notes are required.'));
  await voiding.getByLabel('Notes').fill('Collected off the property.');
  await voiding.getByRole('button', { name: 'Void' }).click();
  await visible(page.getByText('Sample voided successfully.'));
  await visible(actions.getByRole('button', { name: 'Un-void' }));
  console.log('Screenshot:', await world.screenshot(page, 'spec-result-set-status'));

  await page.goto('/dna/wasteresults');
  await visible(page.getByRole('button', { name: 'Approve all of type' }), SLOW);
  await page.goto('/dna/nomatchreruns');
  await visible(page.getByRole('button', { name: 'Approve all matching reruns' }), SLOW);
  await page.getByRole('button', { name: 'Delete all inconclusive rerun results' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await visible(page.getByText(/deleted/));
  console.log('Screenshot:', await world.screenshot(page, 'spec-nomatch-reruns'));

  // The route changes of this session reach the page views, by route name (sent within 15 seconds).
  await expect
    .poll(
      async () =>
        ((await staff('GET', '/pageviews?routeName=/wasteresultset/{-$id}')) as { totalRecords: number }).totalRecords,
      { timeout: SLOW, interval: 2000 },
    )
    .toBeGreaterThan(0);
  await page.goto('/system/page-views');
  await visible(page.getByRole('cell', { name: '/wasteresultset/{-$id}' }), SLOW);
  console.log('Screenshot:', await world.screenshot(page, 'spec-page-views'));
});

test('the property manager edits a waste sample from the details dialog under the group’s results', async () => {
  const manager = await world.api('property.manager');
  const groups = (await manager('GET', '/admingroups/directlyassignedgroups')) as { id: number; name: string }[];
  const oak = groups.find((g) => g.name === 'Oak Ridge Apartments')!;
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  await page.goto(`/group/${oak.id}/results`);
  await page.getByRole('button', { name: 'TD0200003', exact: true }).first().click({ timeout: SLOW });
  const dialog = page.getByRole('dialog', { name: 'Waste sample TD0200003' });
  await dialog.getByLabel('Collected by').fill('Morning patrol');
  await dialog.getByRole('button', { name: 'Save sample' }).click();
  await visible(page.getByText('Sample updated successfully!'));
  await visible(dialog.getByText('Morning patrol').first());
  console.log('Screenshot:', await world.screenshot(page, 'spec-group-waste-details'));
  await page.keyboard.press('Escape');
  const row = page.getByRole('row', { name: /TD0200003/ });
  await visible(row.getByText(/sample voided/i));
});

test('staff combine property export options, read the shop settings and order duplicate dog clusters', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto('/reports/propertyexports');
  await visible(page.getByRole('heading', { name: 'Property exports' }), SLOW);
  await page.getByLabel('Export').click();
  // antd's list of options (the accessible ones are hidden stand-ins): picked by their title.
  await page.locator('.ant-select-item-option[title="Dog owners"]').click();
  await page.locator('.ant-select-item-option[title="Residents pending approval"]').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => new URL(page.url()).searchParams.get('exportOption')).toBe('66');
  console.log('Screenshot:', await world.screenshot(page, 'spec-property-exports'));

  await page.goto('/ecommerce/settings');
  await visible(page.getByText('USD'), SLOW);
  await visible(page.getByText('Shipping fee'));
  console.log('Screenshot:', await world.screenshot(page, 'spec-shop-settings'));

  await page.goto('/lab-tools/duplicate-dog-report');
  await page.getByLabel('Sort by').click({ timeout: SLOW });
  await page.locator('.ant-select-item-option[title="Number of candidates"]').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('NumberOfCandidates');
  console.log('Screenshot:', await world.screenshot(page, 'spec-duplicate-sort'));
});
