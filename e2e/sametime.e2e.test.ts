// One event, one time: a plate's upload shows the same moment on the plate files screen and on the audit log, both on
// the lab's clock (a zone the server is set to, not the browser's) with the zone's name beside it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { syntheticLabPlate } from '../apps/server/src/modules/dna/synthetic-plate.ts';
import { DEMO_PASSWORD, startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';

// The lab in Chicago, the browser in Tokyo: a screen on the browser's clock would be 14 or 15 hours off.
const LAB_ZONE = 'America/Chicago';
const BROWSER_ZONE = 'Asia/Tokyo';
const PLATE = 'E2E Same Time 41';

let world: E2eWorld;
beforeAll(async () => {
  world = await startWorld({ env: { LAB_TIME_ZONE: LAB_ZONE } });
});
afterAll(async () => {
  await world?.close();
});

async function uploadPlate(): Promise<number> {
  const token = (await (
    await fetch(`${world.baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', userName: 'lab.admin', password: DEMO_PASSWORD }),
    })
  ).json()) as { access_token: string };
  const form = new FormData();
  form.append('model', JSON.stringify({ panelId: 'isag-2006-canine', plateName: PLATE }));
  const plate = syntheticLabPlate({ seed: 41, firstNumber: 2_400_000 });
  form.append('file', new Blob([plate.text], { type: 'text/plain' }), 'same-time-41.txt');
  const res = await fetch(`${world.baseUrl}/api/v1/genemapperfileupload/postnewplate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}` },
    body: form,
  });
  const body = (await res.json()) as { plateId: number };
  if (!res.ok) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.plateId;
}

/** The moment as the lab reads it, computed here independently of the app: 'Nov-26-26 08:35 AM CST'. */
function onLabClock(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: LAB_ZONE,
      year: '2-digit',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()} ${parts.timeZoneName}`;
}

test('the upload of a plate shows the same time, with the lab zone, on plate files and on the audit log', async () => {
  // The plate row and its audit entry are stamped a few milliseconds apart: keep both inside one minute.
  const second = new Date().getSeconds();
  if (second >= 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1_000));
  const plateId = await uploadPlate();

  const lab = await world.api('lab.admin');
  const plates = await lab('GET', `/plate?plateNameFilter=${encodeURIComponent(PLATE)}`);
  const stamped = plates.data.find((p: { id: number }) => p.id === plateId).dateCreated as string;
  const expected = onLabClock(stamped);
  expect(expected).toMatch(/ C[SD]T$/);

  const context = await world.browser.newContext({ baseURL: world.baseUrl, timezoneId: BROWSER_ZONE });
  const { page } = await world.newPage({ context });
  await world.signIn(page, 'lab.admin');

  await page.goto(`/tools/platefiles?plateNameFilter=${encodeURIComponent(PLATE)}`);
  const plateRow = page.getByRole('row').filter({ hasText: PLATE });
  await visible(plateRow);
  // Columns: plate name, file name, panel, profiles, created by, date created.
  const onPlateFiles = (await plateRow.getByRole('cell').nth(5).innerText()).trim();

  await page.goto('/system/audit-log?entityType=DnaPlate');
  await visible(page.getByRole('cell', { name: String(plateId), exact: true }));
  // Columns: the expand button, #, date, created by, entity, entity id, action: the plate's row by its entity id.
  const onAuditLog = await page
    .getByRole('row')
    .evaluateAll(
      (rows, id) =>
        rows
          .map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim()))
          .find((cells) => cells[5] === id)?.[2],
      String(plateId),
    );

  expect(onPlateFiles).toBe(expected);
  expect(onAuditLog).toBe(onPlateFiles);
});
