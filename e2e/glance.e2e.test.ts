// Screens staff trust at a glance: a page never scrolls itself once loaded (only the route change's scroll to the top),
// the phone menu opens at its top, and the glance sweep of every screen at 1440×900 (support/glance.ts; the phone
// width is glance-phone.e2e.test.ts).
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, visible } from './support/locators.ts';
import { glanceSweep, LAPTOP, PHONE, scrollTop } from './support/glance.ts';
import { onScreen, settle } from './support/sweep.ts';

const glance = glanceSweep(LAPTOP);
let page: Page;

beforeAll(async () => {
  ({ page } = await glance.world.newPage());
  await glance.world.signIn(page, 'lab.admin');
});

describe('no page scrolls itself', () => {
  test('a group page opened deep in the tree stays at its top while the tree opens down to the group', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/group/${glance.ids.property}/residents`);
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
    await page.goto(`/group/${glance.ids.property}/residents`);
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    const header = await page.locator('.app-header').boundingBox();
    expect(header?.y).toBe(0);
  });

  test('on a phone the menu drawer opens at its top, every time', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/group/${glance.ids.property}/residents`);
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

describe('a property at a glance on a laptop', () => {
  test("every group tab is on screen, none cut off at the strip's edge", async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/group/${glance.ids.property}/residents`);
    await settle(page);
    expect(await page.locator('.group-tabs a').count()).toBeGreaterThan(10);
    // Measured where they are: scrolling each into view (onScreen) would hide a strip that needs scrolling to reach them.
    const cut = await page.locator('.group-tabs').evaluate((strip) => {
      const box = strip.getBoundingClientRect();
      return Array.from(strip.querySelectorAll('a'))
        .filter((a) => a.getBoundingClientRect().right > Math.min(box.right, window.innerWidth) + 0.5)
        .map((a) => a.textContent);
    });
    expect(cut).toEqual([]);
    expect(await scrollTop(page)).toBe(0);
  });

  test('the residents list fits the laptop: no sideways scroll, the status and actions in view', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/group/${glance.ids.property}/residents`);
    await visible(page.getByRole('link', { name: 'Morgan Lee' }));
    await settle(page);
    const region = page.locator('.ant-table-content').first();
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const outOfView: string[] = [];
    for (const name of ['Name', 'Status', 'Pre-registered', 'Actions'])
      if (!(await onScreen(page.getByRole('columnheader', { name, exact: true })))) outOfView.push(name);
    expect(outOfView).toEqual([]);
  });
});
