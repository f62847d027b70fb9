// The web app's layers, lowest first: lib (the kernel), components (shared frames and widgets), features, app (the
// shell). A file imports only from its own layer or below, so a kernel change never waits on a feature and a shared
// widget never drags a feature into every bundle. src/test/ (test support and cross-feature sweeps) is outside the rule.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LAYERS = ['lib', 'components', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number];

const SRC = path.resolve(import.meta.dirname, '../apps/web/src');

function layerOf(relativePath: string): Layer | null {
  const top = relativePath.split('/')[0];
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
}

/** Every relative import of a source text, as written. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    found.push(match[1]);
  }
  return found;
}

/** The imports that point to a higher layer, as "from → to" paths under src/. */
export function upwardImports(files: { path: string; source: string }[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const fromLayer = layerOf(file.path);
    if (!fromLayer) continue;
    for (const spec of importsOf(file.source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec));
      const toLayer = layerOf(target);
      if (toLayer && LAYERS.indexOf(toLayer) > LAYERS.indexOf(fromLayer)) problems.push(`${file.path} → ${target}`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): { path: string; source: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) return [];
    const full = path.join(entry.parentPath, entry.name);
    return [{ path: path.relative(SRC, full).split(path.sep).join('/'), source: fs.readFileSync(full, 'utf8') }];
  });
}

describe('web layers', () => {
  it('finds an upward import', () => {
    expect(
      upwardImports([
        { path: 'components/Widget.tsx', source: "import { x } from '../features/groups/groups.api';" },
        { path: 'lib/auth.ts', source: "const page = import('../app/router');" },
        { path: 'features/groups/Page.tsx', source: "import { y } from '../../components/PageTitle';" },
      ]),
    ).toEqual(['components/Widget.tsx → features/groups/groups.api', 'lib/auth.ts → app/router']);
  });

  it('has no import from a lower layer to a higher one in apps/web/src', () => {
    expect(upwardImports(sourceFiles(SRC))).toEqual([]);
  });
});
