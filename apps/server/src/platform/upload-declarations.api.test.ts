// Uploads are declared in the contract and read by the route helper: every multipart endpoint declares its parts, a
// caller without access is answered before a byte of the body is read (an oversized body gets the access answer, not
// the size answer), and the OpenAPI document shows each one's multipart body with its model.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpointsByDomain, groupEndpoints, petEndpoints, type AnyEndpoint } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, makeOtherDistributorship, makePetOwner, userByName } from '../../test/factories.ts';
import { pets, preRegisteredDogs } from '../db/schema/community.ts';

let t: TestApp;
let port: number;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  const db = t.database.db;
  const [pet] = await db.select({ id: pets.id }).from(pets).limit(1);
  const [dog] = await db
    .select({ id: preRegisteredDogs.id, residentId: preRegisteredDogs.residentId })
    .from(preRegisteredDogs)
    .limit(1);
  ids = {
    groupId: (await groupByName(db, 'Oak Ridge Apartments')).id,
    petId: pet.id,
    residentId: dog.residentId,
    dogId: dog.id,
    userId: (await userByName(db, 'lab.admin')).id,
    productId: 1,
    provider: 1,
    // A violation notice's dispute (issue 41): a notice no pet owner has, so a permitted role gets the 404.
    id: 2_000_000_000,
  };
});
afterAll(async () => {
  await t?.close();
});

const uploadEndpoints: AnyEndpoint[] = Object.values(endpointsByDomain)
  .flatMap((domain) => Object.values(domain))
  .filter((endpoint: AnyEndpoint) => endpoint.bodyKind === 'multipart');

/** The endpoint's URL with its path and query parameters pointing at rows that exist. */
function urlOf(endpoint: AnyEndpoint): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => String(ids[name]));
  const query = endpoint.path.includes('importcodes') ? `?productId=${ids.productId}&provider=${ids.provider}` : '';
  return `/api/v1${path}${query}`;
}

/** Starts an upload that declares 1 GB and sends only its first part's head; answers what came back when it closed. */
async function oversizedUpload(url: string, token: string | null): Promise<string> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}` +
      'Content-Type: multipart/form-data; boundary=declared\r\nContent-Length: 1073741824\r\n\r\n' +
      '--declared\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
  );
  const timeout = setTimeout(() => socket.destroy(), 15_000);
  await closed;
  clearTimeout(timeout);
  return answer;
}

test('every multipart endpoint declares its parts, limit and kinds', () => {
  expect(uploadEndpoints.length).toBeGreaterThanOrEqual(8);
  for (const endpoint of uploadEndpoints) {
    const upload = endpoint.upload;
    expect({ operationId: endpoint.operationId, declared: Boolean(upload) }).toEqual({
      operationId: endpoint.operationId,
      declared: true,
    });
    // A part at least: required, or optional (a dispute's photo).
    expect(upload!.files.length + (upload!.optionalFiles?.length ?? 0)).toBeGreaterThan(0);
    expect(upload!.maxFileBytes).toBeGreaterThan(0);
    expect(upload!.tooLarge).toBeTruthy();
    expect(upload!.contentTypes.length).toBeGreaterThan(0);
  }
});

describe('a caller without access is answered before the body is read', () => {
  test.each(uploadEndpoints.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    '%s: anonymous gets 401, a pet owner 403 or 404, never the size answer',
    async (_id, endpoint) => {
      const anonymous = await oversizedUpload(urlOf(endpoint), null);
      expect(anonymous).toMatch(/^HTTP\/1\.1 401/);
      const owner = await makePetOwner(t.database.db);
      const refused = await oversizedUpload(urlOf(endpoint), await t.login(owner.userName));
      expect(refused).toMatch(/^HTTP\/1\.1 40[34]/);
      expect(refused).not.toContain(endpoint.upload!.tooLarge);
    },
  );

  test("an admin of another distributorship uploading a logo or a pet's photo here gets 404", async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const token = await t.login(other.distributor.userName);
    for (const endpoint of [groupEndpoints.uploadLogo, petEndpoints.uploadImage]) {
      const answer = await oversizedUpload(urlOf(endpoint), token);
      expect({ url: urlOf(endpoint), status: answer.slice(0, 12) }).toEqual({
        url: urlOf(endpoint),
        status: 'HTTP/1.1 404',
      });
    }
  });
});

test('the OpenAPI document shows each upload as a multipart/form-data body with its parts and model', async () => {
  type Operation = { operationId?: string; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
  type JsonSchema = { properties?: Record<string, { type?: string; format?: string; properties?: object }> };
  const document = (await t.call('GET', '/api/docs/json')).body as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  for (const endpoint of uploadEndpoints) {
    const operation = operations.find((each) => each.operationId === endpoint.operationId);
    const body = operation?.requestBody?.content?.['multipart/form-data']?.schema;
    expect({ operationId: endpoint.operationId, documented: Boolean(body) }).toEqual({
      operationId: endpoint.operationId,
      documented: true,
    });
    for (const part of endpoint.upload!.files) expect(body!.properties?.[part]?.format).toBe('binary');
    const { model } = await endpoint.schemas();
    expect({ operationId: endpoint.operationId, model: Boolean(body!.properties?.model?.properties) }).toEqual({
      operationId: endpoint.operationId,
      model: Boolean(model),
    });
  }
  const plate = operations.find((each) => each.operationId === 'uploadGeneMapperPlate');
  const plateModel = plate?.requestBody?.content?.['multipart/form-data']?.schema?.properties?.model as JsonSchema;
  expect(Object.keys(plateModel.properties ?? {})).toContain('panelId');
});
