// Starts the real server once on a fresh embedded database so its seeded data folder can be copied for each test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from './browser.ts';
import { startServerProcess } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Unpacks the npm Chromium (when that is the one used) once, before test files start browsers.
  await chromiumExecutable();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-'));
  const dataDir = path.join(root, 'seeded');
  const server = await startServerProcess({ dataDir });
  await server.stop();
  project.provide('seededDataDir', dataDir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
