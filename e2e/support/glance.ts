// The glance sweep of one window size: every screen of the registry (support/screens.ts) opened by the user who uses it
// stays at its top once loaded, has one h1 and a title of its own, shows no internal name, scrolls no sideways, and
// axe-core finds no serious or critical violation; on a phone its header's button opens the menu. Each size is a test
// file of its own (glance.e2e.test.ts at 1440×900, glance-phone.e2e.test.ts at 390×844), so the two run side by side.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { INTERNAL_NAMES } from '@registry/contracts/words';
import { startWorld, type E2eWorld } from './app.ts';
import { visible } from './locators.ts';
import { resolveSeedIds, SCREENS, type Screen, type SeedIds } from './screens.ts';
import { onScreen, pageOverflow, seriousAxeViolations, settle } from './sweep.ts';

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1440, height: 900 };
const BRAND = 'PetDNA Registry';

export const scrollTop = (p: Page) => p.evaluate(() => window.scrollY);

/** Defines the sweep at one size; answers the file's world and seed ids (set once its beforeAll has run). */
export function glanceSweep(size: { width: number; height: number }): { world: E2eWorld; ids: SeedIds } {
  const state = {} as { world: E2eWorld; ids: SeedIds };
  const signedIn = new Map<string, Page>();

  beforeAll(async () => {
    // One sign-in per user, but the sweep's API reads would pass the default 10 sign-ins a minute.
    state.world = await startWorld({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    state.ids = await resolveSeedIds(await state.world.api('lab.admin'), state.world);
  });
  afterAll(async () => {
    await state.world?.close();
  });

  /** The signed-in page of a demo user, reused by every screen that user opens; signed-out pages share a tab. */
  async function pageOf(screen: Screen): Promise<Page> {
    const key = screen.user ?? '';
    if (!signedIn.has(key)) {
      const { page: tab } = await state.world.newPage();
      if (screen.user) await state.world.signIn(tab, screen.user);
      signedIn.set(key, tab);
    }
    return signedIn.get(key)!;
  }

  describe(`every screen at ${size.width}×${size.height}`, () => {
    test.for(SCREENS.map((screen) => [screen.name, screen] as const))('%s', async ([, screen]) => {
      const tab = await pageOf(screen);
      await tab.setViewportSize(size);
      await tab.goto(screen.path(state.ids));
      await visible(screen.ready(tab));
      await settle(tab);
      // Late work (the group tree opening its path, charts, lazy panels) must not move the page: settle() waited for
      // half a second without a request; a little longer catches a scroll queued behind the last answer.
      await tab.waitForTimeout(300);
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
      expect(await clippedChartLabels(tab), "chart labels cut at the chart's edge").toEqual([]);
      // Last, as it scrolls each table into view: a table's first column (the name or sample number that says whose
      // row it is) is never covered by the actions pinned to its right edge.
      expect(await hiddenFirstColumns(tab), 'first column hidden under the pinned actions').toEqual([]);
      if (size.width === PHONE.width) await menuOpensFromHeader(tab, screen);
    });
  });
  return state;
}

/** What a person reads on the page (visible text), checked for the codes only the software should know. */
async function internalNamesShown(tab: Page): Promise<string[]> {
  const text = await tab.evaluate(() => document.body.innerText);
  return INTERNAL_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** Axis labels of the page's charts that stick out of their chart (cut off where the card ends). */
async function clippedChartLabels(tab: Page): Promise<string[]> {
  return tab.evaluate(() =>
    Array.from(document.querySelectorAll('.recharts-wrapper')).flatMap((chart) => {
      const box = chart.getBoundingClientRect();
      return Array.from(chart.querySelectorAll('.recharts-cartesian-axis-tick-value'))
        .filter((label) => {
          const b = label.getBoundingClientRect();
          return b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1;
        })
        .map((label) => label.textContent ?? '');
    }),
  );
}

/**
 * The header of each listing table's first column when something else shows at its centre, or when it runs under the
 * columns pinned to the right (the actions): two pinned columns wider together than a phone overlap.
 */
async function hiddenFirstColumns(tab: Page): Promise<string[]> {
  const hidden: string[] = [];
  // Listing tables only: a table nested in a cell (a cluster's candidates) scrolls with the row that holds it.
  const tables = tab.locator('.ant-table-wrapper:has(.ant-table-row):not(.ant-table .ant-table-wrapper)');
  for (let i = 0; i < (await tables.count()); i++) {
    const first = tables
      .nth(i)
      .locator('.ant-table-thead th:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)')
      .first();
    if ((await first.count()) === 0 || !(await first.isVisible())) continue;
    const underPinned = await first.evaluate((th) => {
      const pinned = th.parentElement?.querySelector('.ant-table-cell-fix-right');
      return !!pinned && pinned !== th && th.getBoundingClientRect().right > pinned.getBoundingClientRect().left + 1;
    });
    if (underPinned || !(await onScreen(first))) hidden.push((await first.textContent()) ?? '');
  }
  return hidden;
}

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
