// The every-role menu check: a user signs in and opens each entry of their own menu; the server must refuse (403) none
// of the calls those pages make. Pages are opened the way a person does, through the app's own links (no full page
// load per entry), which keeps the check of ten roles within a few minutes.
import { expect } from 'vitest';
import type { E2eWorld } from './app.ts';
import { visible } from './locators.ts';

/** The menu's pages the server refused (403) for this user, opening each entry of their menu in turn. */
export async function refusedMenuPages(world: E2eWorld, userName: string): Promise<string[]> {
  const { page } = await world.newPage();
  const refused: string[] = [];
  // The page's calls have answered: no API request in flight for a moment (notifications poll now and then).
  let inFlight = 0;
  page.on('request', (request) => void (request.url().includes('/api/') && inFlight++));
  page.on('requestfinished', (request) => void (request.url().includes('/api/') && inFlight--));
  page.on('requestfailed', (request) => void (request.url().includes('/api/') && inFlight--));
  const settled = async () => {
    for (let quiet = 0, waited = 0; quiet < 3 && waited < 40; waited++) {
      await page.waitForTimeout(100);
      quiet = inFlight <= 0 ? quiet + 1 : 0;
    }
  };
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/'))
      refused.push(`${page.url()} → ${response.url()}`);
  });
  await world.signIn(page, userName);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await visible(nav.getByRole('link').first(), 60_000);
  const paths = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  // Admins is for the roles that manage admins: not property maintenance, a pet owner or a resident.
  expect({ userName, admins: paths.includes('/admin') }).toEqual({
    userName,
    admins: !['property.maintenance', 'pet.owner', 'RES0000001'].includes(userName),
  });
  for (const path of paths) {
    const from = new URL(page.url()).pathname;
    // The menu's own link, clicked in the page (a collapsed menu group still holds it): the router opens the page.
    const opened = await page.evaluate((target) => {
      const links = document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main navigation"] a');
      const link = [...links].find((candidate) => candidate.pathname === target);
      link?.click();
      return Boolean(link);
    }, path);
    if (!opened) await page.goto(path);
    // A page may redirect elsewhere (a group page that does not fit, a group's first tab): the address has left the
    // previous page, or was that page already; what matters is the calls the page makes, which settled() waits out.
    await page
      .waitForURL((url) => url.pathname === path || url.pathname !== from, { timeout: 5_000 })
      .catch(() => undefined);
    await settled();
  }
  // A refusal answered after the last page settled is still counted: the listener stays until the context closes.
  await page.waitForTimeout(1_000);
  await settled();
  await page.context().close();
  return refused;
}
