// The collection app in Chromium at phone size (issue 40): property maintenance opens /collect once online (the
// service worker stores the app, and the barcode library with its WASM), the network goes off, two samples are
// collected with a photo, the granted position and the device time, the app is closed and opened again offline (the
// queue is still there), the network comes back and both samples arrive once each with their photo, position and time.
// The first TD number is scanned: Chromium's fake camera plays a Y4M frame of its Code 128 barcode, and this Chromium
// has no BarcodeDetector, so the library reads it, offline. The second is typed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import jpeg from 'jpeg-js';
import type { Page } from 'playwright-core';
import { startWorld, type E2eWorld } from './support/app.ts';
import { barcodeCameraFile, fakeCameraArgs } from './support/fakeCamera.ts';
import { visible } from './support/locators.ts';

const PHONE = { width: 390, height: 844 };
const HERE = { latitude: 40.7128, longitude: -74.006, accuracy: 12 };
const NUMBERS = ['TD0740001', 'TD0740002'];
/** The number the camera shows; the other is typed. */
const SCANNED = NUMBERS[0]!;

let world: E2eWorld;
let camera: ReturnType<typeof barcodeCameraFile>;
beforeAll(async () => {
  camera = barcodeCameraFile(SCANNED);
  world = await startWorld({ chromiumArgs: fakeCameraArgs(camera.file) });
});
afterAll(async () => {
  await world?.close();
  camera?.remove();
});

/** Scans with the fake camera: the library reads the barcode offline and its number lands in the form. */
async function scanSampleNumber(page: Page, number: string) {
  await page.getByRole('button', { name: 'Scan the barcode' }).click();
  await expect.poll(() => page.getByLabel('Sample number').inputValue(), { timeout: 30_000 }).toBe(number);
  // The camera is released once the number is read: the button is back to scanning.
  await visible(page.getByRole('button', { name: 'Scan the barcode' }));
}

function photo(seed: number): Buffer {
  const width = 80;
  const height = 60;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < data.length; i += 4) data[i] = (i / 4 + seed * 50) % 256;
  return Buffer.from(jpeg.encode({ width, height, data }, 85).data);
}

test('two samples collected offline arrive once each when the network returns', async () => {
  const context = await world.browser.newContext({
    baseURL: world.baseUrl,
    viewport: PHONE,
    geolocation: HERE,
    permissions: ['geolocation', 'camera'],
  });
  let { page } = await world.newPage({ context });
  await world.signIn(page, 'property.maintenance', { rememberMe: true });
  await page.goto('/collect');
  await visible(page.getByRole('heading', { name: 'Collect waste samples' }));
  // The worker installs from this screen; a reload puts the page and its code under it (and in its copy).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await visible(page.getByRole('heading', { name: 'Collect waste samples' }));
  await visible(page.getByText('Oak Ridge Apartments'));
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Before the network goes: the worker's copy holds the barcode library's WASM (fetched from our server, not a CDN).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            const keys = await (await caches.open(name)).keys();
            if (keys.some((request) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(request.url))) return true;
          }
          return false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await visible(page.getByText('Offline', { exact: true }));
  for (const [i, number] of NUMBERS.entries()) {
    if (number === SCANNED) await scanSampleNumber(page, number);
    else await page.getByLabel('Sample number').fill(number);
    await page.getByLabel('Location notes').fill(`Spot ${i + 1} by the bench`);
    await page
      .getByLabel('Take a photo')
      .setInputFiles({ name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: photo(i) });
    await visible(page.getByAltText('Photo of the sample'));
    await visible(page.getByTestId('position').filter({ hasText: '40.712800, -74.006000' }));
    await page.getByRole('button', { name: 'Save sample' }).click();
    await visible(page.getByText(`Sample ${number} saved on this phone.`));
  }
  await visible(page.getByText('Waiting to be sent (2)'));
  await world.screenshot(page, 'fieldcollection-offline-queue');

  // Closed and opened again without a network: the screen comes from the worker's copy and the queue from IndexedDB.
  await page.close();
  ({ page } = await world.newPage({ context }));
  await page.goto('/collect');
  await visible(page.getByRole('heading', { name: 'Collect waste samples' }));
  await visible(page.getByText('Waiting to be sent (2)'));
  // Another screen does not open offline.
  const other = await world.newPage({ context });
  await other.page.goto('/tools/enterwastesample');
  await visible(other.page.getByRole('heading', { name: 'No network' }));
  await other.page.close();

  await context.setOffline(false);
  await visible(page.getByText('Sent (2)'), 60_000);
  await visible(page.getByText('Waiting to be sent (0)'));

  const lab = await world.api('lab.admin');
  for (const [i, number] of NUMBERS.entries()) {
    const record = await lab('GET', `/fieldcollection/bysamplenumber?sampleNumber=${number}`);
    expect(record).toMatchObject({
      sampleNumber: number,
      latitude: HERE.latitude,
      longitude: HERE.longitude,
      accuracyMeters: HERE.accuracy,
      collectedByName: 'Marco Diaz',
      locationNotes: `Spot ${i + 1} by the bench`,
    });
    expect(record.photos).toHaveLength(1);
    expect(Math.abs(Date.parse(record.collectedAt) - Date.now())).toBeLessThan(10 * 60_000);
    const custody = await lab('GET', `/fieldcollection/custody?wasteSampleId=${record.wasteSampleId}`);
    expect(custody.events.map((event: { event: string }) => event.event)).toEqual(['Collected']);
  }
}, 240_000);
