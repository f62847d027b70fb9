// Notifications in Chromium: a property manager has the app open; the lab rejects the sample of a dog at their property
// through the API; the bell's unread count changes at once (server-sent events, no reload), the dropdown shows the
// notification and marks it viewed, and clicking it opens the pet owner's page. On /notifications it is deleted.
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

test('a property manager receives a lab action live and opens it', async () => {
  const staff = await world.api('lab.admin');
  // An owner at Oak Ridge Apartments (the manager's property) gets a new dog whose sample the lab may still reject (the
  // demo dogs' profiles are already approved).
  let owner: { petOwnerId: number } | null = null;
  for (let serial = 1000001; serial < 1000010 && !owner; serial++) {
    const found = await staff('GET', `/pet/lookup?sampleNumber=DN${serial}`).catch(() => null);
    if (found?.propertyName === 'Oak Ridge Apartments' && found.petOwnerId) owner = found;
  }
  expect(owner).not.toBeNull();
  const pet = { sampleNumber: 'DN1000777', petOwnerId: owner!.petOwnerId, petName: 'Biscuit' };
  const added = await staff('POST', '/petowner/pets', {
    petOwnerId: pet.petOwnerId,
    pets: [{ name: pet.petName, sampleNumber: pet.sampleNumber }],
  });
  const petId = (added.pets as { id: number }[])[0].id;

  // The manager has read the demo's notifications (the approved results at their property): none unread.
  const manager = await world.api('property.manager');
  await manager('PUT', '/notifications/updatelastnotificationvieweddate');
  const kept = (await manager('GET', '/notifications')).totalRecords as number;
  const { page } = await world.newPage();
  await world.signIn(page, 'property.manager');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await visible(bell);
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
  // Give the stream a moment to open before the lab acts (it catches up on connect either way).
  await page.waitForTimeout(500);

  await staff('POST', `/pet/reject/${petId}`, { notes: 'Insufficient material' });
  const message = `${pet.sampleNumber} (${pet.petName}): sample status is now Sample Rejected.`;
  // No reload: the count arrives by the event stream.
  await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));

  await bell.click();
  const recent = page.getByRole('dialog', { name: 'Recent notifications' });
  await visible(recent.getByText(message));
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
  await recent.getByRole('button', { name: new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await page.waitForURL((url) => url.pathname === `/petowner/${pet.petOwnerId}/${pet.sampleNumber}`);

  await page.goto(`${world.baseUrl}/notifications`);
  await visible(page.getByRole('button', { name: message }));
  await page.getByRole('button', { name: `Delete notification: ${message}` }).click();
  await visible(page.getByText('Notification deleted successfully.'));
  expect((await manager('GET', '/notifications')).totalRecords).toBe(kept);
});
