// One test file's world: a copy of the seeded data folder, the server on it, an SMTP receiver, and headless Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../../apps/server/test/smtp.ts';
import { launchChromium } from './browser.ts';
import { startServerProcess, type ServerProcess } from './server.ts';
import { trackRequests } from './sweep.ts';

export const DEMO_PASSWORD = 'Registry#2026';

export type E2eWorld = {
  server: ServerProcess;
  /** Stops the server and starts it again on the same port and data, with extra environment (a new build version, say). */
  restartServer(env: Record<string, string>): Promise<void>;
  /** The first half of a restart: the server is down (a redeploy under way) until startServer is called. */
  stopServer(): Promise<void>;
  /** The second half: the server starts again on the same port and data, with extra environment. */
  startServer(env: Record<string, string>): Promise<void>;
  smtp: SmtpReceiver;
  browser: Browser;
  baseUrl: string;
  newPage(options?: { context?: BrowserContext }): Promise<{ page: Page; context: BrowserContext }>;
  signIn(page: Page, userName: string, options?: { password?: string; rememberMe?: boolean }): Promise<void>;
  /** Calls the API from the test as a user, for arranging data the journey starts from. */
  api(userName: string): Promise<(method: string, path: string, body?: unknown) => Promise<any>>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
};

export async function startWorld(
  options: {
    env?: Record<string, string>;
    /**
     * The browser's system setting for motion. The journeys run as someone who asks for reduced motion (the app then
     * opens dialogs, drawers and menus without animating: nothing to wait out, nothing for the 2-core machine to draw);
     * journeys.e2e.test.ts keeps antd's motion, as most people have it.
     */
    motion?: boolean;
    /** Extra Chromium flags for this file's browser (the collection journey's fake camera). */
    chromiumArgs?: string[];
  } = {},
): Promise<E2eWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-run-'));
  fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const smtp = await startSmtpReceiver();
  let server = await startServerProcess({ dataDir, smtpUrl: smtp.url, env: options.env });
  const browser = await launchChromium(options.chromiumArgs);
  const contexts: BrowserContext[] = [];
  const world: E2eWorld = {
    get server() {
      return server;
    },
    async restartServer(env) {
      await world.stopServer();
      await world.startServer(env);
    },
    async stopServer() {
      await server.stop();
    },
    async startServer(env) {
      server = await startServerProcess({
        dataDir,
        smtpUrl: smtp.url,
        env: { ...options.env, ...env },
        port: server.port,
      });
    },
    smtp,
    browser,
    baseUrl: server.baseUrl,
    async newPage(pageOptions = {}) {
      const context =
        pageOptions.context ??
        (await browser.newContext({
          baseURL: server.baseUrl,
          viewport: { width: 1280, height: 800 },
          reducedMotion: options.motion ? 'no-preference' : 'reduce',
        }));
      contexts.push(context);
      const page = await context.newPage();
      trackRequests(page);
      page.setDefaultTimeout(15_000);
      return { page, context };
    },
    async signIn(page, userName, signInOptions = {}) {
      await page.goto('/login');
      await page.getByLabel('User name').fill(userName);
      await page.getByLabel('Password', { exact: true }).fill(signInOptions.password ?? DEMO_PASSWORD);
      if (signInOptions.rememberMe) await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    },
    async api(userName) {
      const tokenResponse = await fetch(`${server.baseUrl}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', userName, password: DEMO_PASSWORD }),
      });
      const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
      return async (method, apiPath, body) => {
        const response = await fetch(`${server.baseUrl}/api/v1${apiPath}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
        return text ? JSON.parse(text) : null;
      };
    },
    async screenshot(page, name) {
      const dir = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}
