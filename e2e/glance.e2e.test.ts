// Screens staff trust at a glance: a page never scrolls itself once loaded (only the route change's scroll to the top),
// the phone menu opens at its top, and every screen of the registry (support/screens.ts) at 1440×900 and 390×844 stays
// at its top, has one h1 and a title of its own, shows no internal name, scrolls no sideways, and axe-core finds no
// serious or critical violation; on a phone its header's button opens the menu.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { INTERNAL_NAMES } from '@registry/contracts/words';
import { startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, visible } from './support/locators.ts';
import { resolveSeedIds, SCREENS, type Screen, type SeedIds } from './support/screens.ts';
import { onScreen, pageOverflow, seriousAxeViolations, settle } from './support/sweep.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

let world: E2eWorld;
let ids: SeedIds;
let page: Page;

beforeAll(async () => {
  // One sign-in per user, but the sweep's API reads would pass the default 10 sign-ins a minute.
  world = await startWorld({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  ids = await resolveSeedIds(await world.api('lab.admin'), world);
  ({ page } = await world.newPage());
  await world.signIn(page, 'lab.admin');
});
afterAll(async () => {
  await world?.close();
});

const scrollTop = (p: Page) => p.evaluate(() => window.scrollY);

describe('no page scrolls itself', () => {
  test('a group page opened deep in the tree stays at its top while the tree opens down to the group', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/group/${ids.property}/residents`);
    await visible(page.getByRole('navigation', { name: 'Groups' }).locator('.ant-tree-node-selected'));
    await settle(page);
    // The tree opens its path after the group's details and each level's children load (about two seconds before).
    await page.waitForTimeout(2_500);
    expect(await scrollTop(page)).toBe(0);
    // The selected group shows inside the groups panel, which scrolled by itself if it had to.
    const selected = page.getByRole('navigation', { name: 'Groups' }).locator('.ant-tree-node-selected');
    const inPanel = await selected.evaluate((el) => {
      const panel = el.closest('.app-groups-panel')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.top >= panel.top - 1 && box.bottom <= panel.bottom + 1;
    });
    expect(inPanel).toBe(true);
  });

  test('the header and the page list stay on screen when the page is scrolled', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/group/${ids.property}/residents`);
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    const header = await page.locator('.app-header').boundingBox();
    expect(header?.y).toBe(0);
  });

  test('on a phone the menu drawer opens at its top, every time', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/group/${ids.property}/residents`);
    await settle(page);
    for (let time = 0; time < 2; time++) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await visible(drawer.getByRole('navigation', { name: 'Groups' }).locator('.ant-tree-node-selected'));
      await animationsDone(page);
      await page.waitForTimeout(1_500);
      expect(await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTop)).toBe(0);
      await visible(drawer.getByRole('textbox', { name: 'Find a page' }));
      // Scrolled down by the user, closed, opened again: back at the top.
      await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }
    expect(await scrollTop(page)).toBe(0);
  });
});

const BRAND = 'PetDNA Registry';
const signedIn = new Map<string, Page>();

/** The signed-in page of a demo user, reused by every screen that user opens; signed-out pages share a tab of their own. */
async function pageOf(screen: Screen): Promise<Page> {
  const key = screen.user ?? '';
  if (!signedIn.has(key)) {
    const { page: tab } = await world.newPage();
    if (screen.user) await world.signIn(tab, screen.user);
    signedIn.set(key, tab);
  }
  return signedIn.get(key)!;
}

/** What a person reads on the page (visible text), checked for the codes only the software should know. */
async function internalNamesShown(tab: Page): Promise<string[]> {
  const text = await tab.evaluate(() => document.body.innerText);
  return INTERNAL_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

describe.each([
  ['1440×900', LAPTOP],
  ['390×844', PHONE],
])('every screen at %s', (_width, size) => {
  test.for(SCREENS.map((screen) => [screen.name, screen] as const))('%s', async ([, screen]) => {
    const tab = await pageOf(screen);
    await tab.setViewportSize(size);
    await tab.goto(screen.path(ids));
    await visible(screen.ready(tab));
    await settle(tab);
    // Late work (the group tree opening its path, charts, lazy panels) must not move the page.
    await tab.waitForTimeout(1_000);
    expect(await scrollTop(tab), 'the page scrolled itself').toBe(0);
    expect(await tab.locator('h1').count(), 'one h1').toBe(1);
    const title = await tab.title();
    expect(title).not.toBe(BRAND);
    expect(title).toMatch(new RegExp(`. · ${BRAND}$`));
    // The email templates screen lists the spec's mail event names ('UserPooPrintsReswabRequested'), the identifiers
    // the templates are configured by; every other screen speaks only the product's words.
    const namesShown = screen.name === 'email templates' ? [] : await internalNamesShown(tab);
    expect(namesShown).toEqual([]);
    const overflow = await pageOverflow(tab);
    expect(overflow.pixels, `page scrolls sideways by ${overflow.pixels}px: ${overflow.culprits.join('; ')}`).toBe(0);
    expect(await seriousAxeViolations(tab)).toEqual([]);
    if (size === PHONE) await menuOpensFromHeader(tab, screen);
  });
});

/** On a phone a signed-out page has no menu to reach; every other page has one button in its header that opens it. */
async function menuOpensFromHeader(tab: Page, screen: Screen) {
  // The collection app is a full-screen phone app of its own, opened offline too: it has no registry menu.
  const withMenu = !screen.signedOut && screen.name !== 'collect waste samples (phone app)';
  expect(await tab.getByRole('button', { name: 'Open menu' }).count()).toBe(withMenu ? 1 : 0);
  if (!withMenu) return;
  await tab.getByRole('button', { name: 'Open menu' }).click();
  const menu = tab.getByRole('navigation', { name: 'Main navigation' });
  await visible(menu);
  // The drawer may still be scrolling its menu to the current page's entry as it opens: ask until it settles.
  await expect.poll(() => onScreen(menu.getByRole('menuitem').first()), { timeout: 5_000 }).toBe(true);
  await tab.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close' }).click();
  await menu.waitFor({ state: 'hidden' });
}
