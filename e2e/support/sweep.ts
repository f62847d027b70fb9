// Checks the screen sweeps run on a page: axe-core's serious and critical violations, sideways page overflow, whether
// an element is really on screen (inside the viewport and not covered), and whether the focused control shows focus.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page, Request } from 'playwright-core';

// Evaluated rather than added as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The header's live notification stream stays open for as long as the page does, so Playwright's 'networkidle' would
// never come: count the page's own requests in flight instead, leaving long-lived streams out.
const LONG_LIVED = /\/notifications\/stream(\?|$)/;
const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting a page's requests in flight (done when the page opens, so none is missed). */
export function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!LONG_LIVED.test(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  inFlight.set(page, (pending = open));
  return pending;
}

/** Waits until the screen's data calls are done (500 ms with none in flight, as 'networkidle') and its spinners gone. */
export async function settle(page: Page) {
  const pending = trackRequests(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) break;
    await page.waitForTimeout(100);
  }
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
}

/** axe-core on the whole page: each serious or critical violation as 'rule (impact): targets'. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(' | ')}`);
}

/** How far the page scrolls sideways, with the elements that stick out past the right edge. */
export async function pageOverflow(page: Page): Promise<{ pixels: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0 && culprits.length < 5)
        culprits.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(box.right)}`,
        );
    }
    return { pixels: root.scrollWidth - width, culprits };
  });
}

/** True when the element lies inside the viewport and is what the browser hits at its centre (not covered or clipped). */
export async function onScreen(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (el === hit || el.contains(hit) || hit.contains(el));
  });
}

/** The focused element's accessible-ish name and whether it (or the antd wrapper around it) draws a focus indicator. */
export async function focusState(page: Page): Promise<{ name: string; tag: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', tag: 'body', visible: false };
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim();
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const wrapper = el.closest(
      '.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper',
    );
    const checkbox =
      el.closest('.ant-checkbox-wrapper, .ant-radio-wrapper')?.querySelector('.ant-checkbox-inner, .ant-radio-inner') ??
      null;
    return { name, tag: el.tagName.toLowerCase(), visible: shows(el) || shows(wrapper) || shows(checkbox) };
  });
}
