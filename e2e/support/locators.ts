// Waiting assertions for Playwright locators under vitest: they fail with Playwright's own timeout message.
import type { Locator, Page } from 'playwright-core';

export const visible = async (locator: Locator, timeout?: number) => {
  await locator.first().waitFor({ state: 'visible', timeout });
};
export const gone = async (locator: Locator, timeout?: number) => {
  await locator.first().waitFor({ state: 'hidden', timeout });
};

/**
 * Waits until no finite CSS animation or transition runs (a dialog or drawer has finished opening): a click during a
 * dialog's zoom can miss its target, and axe reads blended colours mid-fade as low contrast. Endless animations
 * (spinners, active progress bars) are ignored.
 */
export const animationsDone = async (page: Page, timeout = 10_000) => {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout },
  );
};
