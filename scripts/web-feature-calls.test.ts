// Feature files call the API only through callApi/endpointUrl with a declaration from packages/contracts: no API path
// strings and no hand-written response type arguments under apps/web/src/features (issue 10, one definition per endpoint).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { endpointsByDomain } from '@registry/contracts';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'apps/web/src/features');

const declaredPaths = [
  ...new Set(Object.values(endpointsByDomain).flatMap((domain) => Object.values(domain).map((e) => e.path))),
];

/** A declared path as a pattern over string literals: each `:param` stands for one segment's value. A screen path's
 * `$param` (TanStack Router) is not a value, so a link such as '/admin/$adminId' is not taken for GET /admin/:id. */
const segmentPattern = (template: string) =>
  new RegExp(
    `^${template
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/$]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );
const apiPatterns = declaredPaths.map((declared) => ({ declared, pattern: segmentPattern(declared) }));

/**
 * String literals of a source file, with template substitutions as one segment each. A plain literal given as a link's
 * `to` is a screen of the typed router (a call never goes through `to`), so it is left out.
 */
function stringLiterals(source: string): string[] {
  return [...source.matchAll(/(\bto\s*[:=]\s*\{?\s*)?(?:'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`)/g)]
    .filter((m) => !(m[1] && m[4] === undefined))
    .map((m) => (m[2] ?? m[3] ?? m[4] ?? '').replace(/\$\{[^}]*\}/g, 'x').split('?')[0]);
}

/** What is wrong with a feature file's API use: path strings, response type arguments, hand-built requests. */
export function apiUseProblems(source: string): string[] {
  const problems: string[] = [];
  for (const literal of stringLiterals(source)) {
    if (literal.includes('/api/') || literal === '/token') {
      problems.push(`API path '${literal}'`);
      continue;
    }
    const hit = apiPatterns.find(({ pattern }) => pattern.test(literal));
    if (hit) problems.push(`API path '${literal}' (declared as ${hit.declared})`);
  }
  for (const match of source.matchAll(/\b(?:api\s*\.\s*(?:get|post|put|del)|request|callApi)\s*<[^>(]*>?\s*\(/g)) {
    problems.push(`type argument in ${match[0].replace(/\s+/g, '')}`);
  }
  if (/\bfetch\s*\(/.test(source)) problems.push('fetch() outside the API client');
  return problems;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test('the scan recognises paths, type arguments and fetch, and leaves typed screen links alone', () => {
  expect(apiUseProblems('api.get<GroupDetails>(`/group/${id}`)')).toEqual([
    "API path '/group/x' (declared as /group/:id)",
    'type argument in api.get<GroupDetails>(',
  ]);
  expect(
    apiUseProblems("request<{ message: string }>('/account/resetadminpassword/', { method: 'POST' })"),
  ).toHaveLength(2);
  expect(apiUseProblems("xhr.open('POST', '/api/v1/logoupload/postnewlogo/' + id)")).toEqual([
    "API path '/api/v1/logoupload/postnewlogo/'",
  ]);
  expect(apiUseProblems("const answer = await fetch('/somewhere')")).toEqual(['fetch() outside the API client']);
  expect(apiUseProblems('<Link to={`/group/${id}/dashboard`}>')).toEqual([]);
  expect(apiUseProblems('<Link to="/admin/$adminId" params={{ adminId: String(id) }}>')).toEqual([]);
  expect(apiUseProblems("navigate({ to: '/admin' })")).toEqual([]);
  expect(apiUseProblems("const target = '/admin'")).toEqual(["API path '/admin' (declared as /admin)"]);
  expect(apiUseProblems('callApi(groupEndpoints.get, { params: { id } })')).toEqual([]);
});

test('no feature file holds an API path string or a response type argument', () => {
  const files = sourceFiles(featuresDir);
  expect(files.length).toBeGreaterThan(10);
  const found = files.flatMap((file) =>
    apiUseProblems(fs.readFileSync(file, 'utf8')).map((problem) => `${path.relative(root, file)}: ${problem}`),
  );
  expect(found).toEqual([]);
});
