// Waiting assertions for Playwright locators under vitest: they fail with Playwright's own timeout message.
import type { Locator } from 'playwright-core';

export const visible = async (locator: Locator, timeout?: number) => {
  await locator.first().waitFor({ state: 'visible', timeout });
};
export const gone = async (locator: Locator, timeout?: number) => {
  await locator.first().waitFor({ state: 'hidden', timeout });
};
