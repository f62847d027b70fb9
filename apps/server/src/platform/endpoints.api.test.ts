// The contract declarations and the running server agree: every declared endpoint is registered, under the declared
// method and path, and the OpenAPI document has one operation per operationId.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { endpointsByDomain, type AnyEndpoint } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const declared: AnyEndpoint[] = Object.values(endpointsByDomain).flatMap((domain) => Object.values(domain));

test('every declared endpoint is registered under /api/v1 with its method and path', () => {
  expect(declared.length).toBeGreaterThan(0);
  const missing = declared.filter(
    (endpoint) => !t.app.hasRoute({ method: endpoint.method, url: `/api/v1${endpoint.path}` }),
  );
  expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
});

test('operationIds are unique in the declarations and in the OpenAPI document', async () => {
  const ids = declared.map((endpoint) => endpoint.operationId);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

  const document = (await t.call('GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const documented = Object.values(document.paths).flatMap((operations) =>
    Object.values(operations).map((operation) => operation.operationId),
  );
  expect(documented.filter((id) => !id)).toEqual([]);
  expect(documented.filter((id, index) => documented.indexOf(id) !== index)).toEqual([]);
  for (const id of ids) expect(documented).toContain(id);
});
