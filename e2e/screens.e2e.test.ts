// Sweeps over the screens of the registry (support/screens.ts) in one Chromium, signed in once per demo user:
// (1) each edit form saved unchanged leaves its record byte-for-byte the same through the API; (3) at 1280×800 the row
// actions are on screen; (4) axe-core on the phone menu drawer and the public pages; (5) sign-in and a group edit done
// with the keyboard alone, focus always shown.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { DEMO_PASSWORD, startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, visible } from './support/locators.ts';
import { resolveSeedIds, SCREENS, type Screen, type SeedIds } from './support/screens.ts';
import { focusState, onScreen, pageOverflow, seriousAxeViolations, settle } from './support/sweep.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let world: E2eWorld;
let ids: SeedIds;
const signedIn = new Map<string, Page>();
const apis = new Map<string, Awaited<ReturnType<E2eWorld['api']>>>();

beforeAll(async () => {
  // One sign-in per user, but the sweep's API reads would pass the default 10 sign-ins a minute.
  world = await startWorld({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  ids = await resolveSeedIds(await apiAs('lab.admin'), world);
});
afterAll(async () => {
  await world?.close();
});

async function apiAs(user: string) {
  if (!apis.has(user)) apis.set(user, await world.api(user));
  return apis.get(user)!;
}

/** The signed-in page of a demo user, reused by every screen that user opens; signed-out pages share a tab of their own. */
async function pageOf(screen: Screen): Promise<Page> {
  const key = screen.user ?? '';
  if (!signedIn.has(key)) {
    const { page } = await world.newPage();
    if (screen.user) await world.signIn(page, screen.user);
    signedIn.set(key, page);
  }
  return signedIn.get(key)!;
}

async function openScreen(screen: Screen, size: { width: number; height: number }) {
  const page = await pageOf(screen);
  await page.setViewportSize(size);
  await page.goto(screen.path(ids));
  await visible(screen.ready(page));
  await settle(page);
  return page;
}

const isWrite = (response: Response) => response.url().includes('/api/') && response.request().method() !== 'GET';

describe('(1) saving an edit form unchanged changes nothing', () => {
  const forms = SCREENS.flatMap((screen) =>
    screen.user ? (screen.editForms ?? []).map((form) => ({ screen, user: screen.user, form })) : [],
  );
  test.for(forms.map(({ screen, user, form }) => [`${screen.name}: ${form.name}`, screen, user, form] as const))(
    '%s',
    async ([, screen, user, form]) => {
      const api = await apiAs(user);
      const before = JSON.stringify(await api('GET', form.readBack(ids)));
      const page = await openScreen(screen, LAPTOP);
      await form.open(page);
      const written = page.waitForResponse(isWrite);
      await form.save(page).click();
      const response = await written;
      expect(response.ok(), `${response.request().method()} ${response.url()} answered ${response.status()}`).toBe(
        true,
      );
      await settle(page);
      const after = JSON.stringify(await api('GET', form.readBack(ids)));
      expect(JSON.parse(after)).toEqual(JSON.parse(before)); // names the changed fields
      expect(after).toBe(before);
    },
  );
});

// Overflow, the phone menu and axe on every screen at both widths are the glance sweep's (glance.e2e.test.ts): one
// visit per screen and width checks them all. This file keeps what needs its own width or its own tab.
describe('(3) at 1280×800, the narrowest desktop: row actions on screen', () => {
  const withRowActions = SCREENS.filter((screen) => screen.rowActions);
  test.for(withRowActions.map((screen) => [screen.name, screen] as const))('%s', async ([, screen]) => {
    const page = await openScreen(screen, LAPTOP);
    const actions = screen.rowActions!(page);
    await visible(actions);
    expect(await onScreen(actions), 'row actions cut off or covered at 1280 px').toBe(true);
  });
});

describe('(4) axe-core on what the glance sweep does not open', () => {
  test('the phone menu drawer', async () => {
    const phone = await openScreen(SCREENS[0], PHONE);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await visible(phone.getByRole('navigation', { name: 'Main navigation' }));
    await animationsDone(phone);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.keyboard.press('Escape');
  });

  test.each([
    ['/reg', 'Pre-register your pets'],
    ['/reg/OAKRIDGE', 'Pre-register at Oak Ridge Apartments'],
    ['/reg/success?uid=RES0000001&hasDogs=true', 'Pre-registration complete'],
    ['/verify/AAAAAAAAAAAAAAAAAAAAAAAA', 'Certificate verification'],
  ])('the public page %s: axe and phone width, signed out', async (path, title) => {
    const { page } = await world.newPage();
    await page.goto(path);
    await visible(page.getByRole('heading', { name: title }));
    await settle(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect((await pageOverflow(page)).pixels).toBe(0);
  });
});

describe('(5) keyboard only', () => {
  /** Presses Tab until the focused control is named `name`; every stop on the way must show its focus. */
  async function tabTo(page: Page, name: string | RegExp, maxStops = 80) {
    const unseen: string[] = [];
    for (let stop = 0; stop < maxStops; stop++) {
      await page.keyboard.press('Tab');
      const focus = await focusState(page);
      if (!focus.visible) unseen.push(`${focus.tag} '${focus.name.slice(0, 40)}'`);
      if (typeof name === 'string' ? focus.name === name : name.test(focus.name)) return unseen;
    }
    throw new Error(`'${name}' not reached with ${maxStops} presses of Tab`);
  }

  test('sign in and save a group edit with the keyboard alone, the focus always visible', async () => {
    const { page } = await world.newPage();
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'Sign in' }));
    // The login page puts the focus in User name itself.
    const start = await focusState(page);
    const unseen = start.name === 'User name' ? [] : await tabTo(page, 'User name', 5);
    await page.keyboard.type('lab.admin');
    unseen.push(...(await tabTo(page, 'Password', 3)));
    await page.keyboard.type(DEMO_PASSWORD);
    unseen.push(...(await tabTo(page, 'Sign in', 6)));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`/group/${ids.management}`);
    await visible(page.getByRole('heading', { name: 'Harbor Property Management' }));
    await settle(page);
    unseen.push(...(await tabTo(page, 'Edit')));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Harbor Property Management' });
    await visible(dialog);
    // Every field of the form must take the focus on the way to Save.
    const fields = await dialog.evaluate((root) => {
      const items = Array.from(root.querySelectorAll('.ant-form-item')).filter((item) =>
        item.querySelector('input:not([type=hidden]):not([disabled]), textarea:not([disabled])'),
      );
      items.forEach((item, index) => item.setAttribute('data-sweep-field', String(index)));
      return items.map((item) => item.querySelector('label')?.textContent ?? '');
    });
    const reached = new Set<string>();
    for (let stop = 0; stop < 120; stop++) {
      await page.keyboard.press('Tab');
      const focus = await focusState(page);
      if (!focus.visible) unseen.push(`${focus.tag} '${focus.name.slice(0, 40)}'`);
      const field = await page.evaluate(() =>
        document.activeElement?.closest('[data-sweep-field]')?.getAttribute('data-sweep-field'),
      );
      if (field) reached.add(fields[Number(field)]);
      if (focus.name === 'Save') break;
    }
    expect(fields.filter((label) => !reached.has(label))).toEqual([]);
    expect((await focusState(page)).name).toBe('Save');
    const written = page.waitForResponse(isWrite);
    await page.keyboard.press('Enter');
    expect((await written).ok()).toBe(true);
    await visible(page.getByText('Saved Successfully.'));
    expect(unseen).toEqual([]);
  });
});
