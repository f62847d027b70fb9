// Headless Chromium for the journeys: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium when installed, else the
// headless Chromium of the npm package @sparticuz/chromium (unpacked to the temporary folder on first use), so the
// tests need no system package. TEST_FORCE_NPM_CHROMIUM=1 skips the system browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

// Without the background-networking flags Chromium floods a closed network with refused connections.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The browser binary the tests run and the environment it needs. */
export async function chromiumExecutable(): Promise<{ executablePath: string; env: Record<string, string> }> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, env: {} };
  if (process.env.TEST_FORCE_NPM_CHROMIUM !== '1' && fs.existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, env: {} };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // The package ships its own fonts and fontconfig file; a machine without fontconfig would otherwise render no text.
  const fonts = path.join(os.tmpdir(), 'fonts');
  const env: Record<string, string> = {};
  if (!fs.existsSync('/etc/fonts/fonts.conf') && fs.existsSync(fonts)) env.FONTCONFIG_PATH = fonts;
  return { executablePath, env };
}

/** `extraArgs` add to the usual flags (a fake camera, say). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, env } = await chromiumExecutable();
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...(Object.keys(env).length ? { env: { ...process.env, ...env } } : {}),
  });
}
