// API keys (issue 42) against a real database: created (the key answered once, stored hashed), used for a read and a
// write within its groups, refused outside them (404), read-only refused on writes, revoked and expired refused (401),
// every call audited with the key's name, a creator's role change suspending the key, and no key in logs or answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { apiKeys, auditLog, preRegisteredResidents, users } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
let manager: string;
let oakRidge: { id: number };
let foreignProperty: number;
beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('property.manager');
  oakRidge = await groupByName(t.database.db, 'Oak Ridge Apartments');
  foreignProperty = (await makeOtherDistributorship(t.database.db)).property.id;
});
afterAll(async () => {
  await t?.close();
});

async function createKey(body: Record<string, unknown>, token = manager) {
  return t.call('POST', '/api/v1/apikeys', {
    token,
    body: { name: 'Yardi sync', groupIds: [oakRidge.id], readOnly: false, expiresInDays: 30, ...body },
  });
}
const freshResident = async (groupId: number) =>
  (
    await t.database.db
      .insert(preRegisteredResidents)
      .values({ groupId, firstName: 'Key', lastName: 'Test', unitNumber: '1A' })
      .returning()
  )[0]!;

describe('API keys', () => {
  test('a key is answered once, stored hashed, and reads and writes within its groups', async () => {
    const created = await createKey({});
    expect(created.status).toBe(200);
    const key: string = created.body.key;
    expect(key).toMatch(/^pdr_/);
    expect(created.body.apiKey).toMatchObject({
      name: 'Yardi sync',
      readOnly: false,
      status: 'Active',
      lastUsedAt: null,
    });
    expect(created.body.apiKey.groups).toEqual([{ id: oakRidge.id, name: 'Oak Ridge Apartments' }]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.apiKey.id));
    expect(row.keyHash).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key);

    const read = await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key });
    expect(read.status).toBe(200);
    const resident = await freshResident(oakRidge.id);
    const write = await t.call('POST', `/api/v1/groups/${oakRidge.id}/residents/bulkmoveout`, {
      token: key,
      body: { residentIds: [resident.id] },
    });
    expect(write.status).toBe(200);

    // Outside its groups: answered exactly as a missing group.
    const outside = await t.call('GET', `/api/v1/groups/${foreignProperty}/residents`, { token: key });
    const missing = await t.call('GET', `/api/v1/groups/999999/residents`, { token: key });
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(missing.body);

    // The list shows the last use and never the key; the audit log names the key on every call.
    const list = await t.call('GET', `/api/v1/apikeys?groupId=${oakRidge.id}`, { token: manager });
    const listed = list.body.data.find((entry: { id: number }) => entry.id === created.body.apiKey.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(key);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.userName} like '%(API key "Yardi sync")'`);
    expect(audited.some((entry) => entry.actionType === 'ApiCall')).toBe(true);
    expect(audited.some((entry) => entry.actionType === 'MoveOut')).toBe(true);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(key);
  });

  test('a key narrower than its creator: a sibling group of the creator is out of its reach', async () => {
    const firm = await t.login('firm.manager');
    const created = await createKey({ name: 'Only Oak Ridge' }, firm);
    expect(created.status).toBe(200);
    const key = created.body.key;
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    expect((await t.call('GET', `/api/v1/groups/${harbor.id}/residents`, { token: firm })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/groups/${harbor.id}/residents`, { token: key })).status).toBe(404);
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key })).status).toBe(200);
  });

  test('a read-only key reads and is refused on writes; keys cannot manage keys', async () => {
    const key = (await createKey({ name: 'Reader', readOnly: true })).body.key;
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key })).status).toBe(200);
    const resident = await freshResident(oakRidge.id);
    const write = await t.call('POST', `/api/v1/groups/${oakRidge.id}/residents/bulkmoveout`, {
      token: key,
      body: { residentIds: [resident.id] },
    });
    expect(write.status).toBe(403);
    const [still] = await t.database.db
      .select()
      .from(preRegisteredResidents)
      .where(eq(preRegisteredResidents.id, resident.id));
    expect(still).toBeDefined();
    const writer = (await createKey({ name: 'Writer' })).body.key;
    expect((await createKey({ name: 'Minted by a key' }, writer)).status).toBe(403);
    expect((await t.call('GET', '/api/v1/apikeys', { token: writer })).status).toBe(403);
  });

  test('revoked and expired keys are answered 401 like a bad token', async () => {
    const created = await createKey({ name: 'To revoke' });
    const key = created.body.key;
    const revoke = await t.call('POST', `/api/v1/apikeys/${created.body.apiKey.id}/revoke`, { token: manager });
    expect(revoke.status).toBe(200);
    expect(revoke.body.status).toBe('Revoked');
    const bad = await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: 'pdr_not-a-key' });
    const revoked = await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key });
    expect(bad.status).toBe(401);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(bad.body);

    const expiring = await createKey({ name: 'To expire' });
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.body.apiKey.id));
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: expiring.body.key })).status).toBe(
      401,
    );
  });

  test("a creator's role change suspends their keys; deactivation too", async () => {
    const [creator] = await t.database.db.select().from(users).where(eq(users.userName, 'distributor'));
    const token = await t.login('distributor');
    const created = await createKey({ name: 'Role bound' }, token);
    const key = created.body.key;
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key })).status).toBe(200);
    await t.database.db.update(users).set({ roleId: UserRole.PropertyManager }).where(eq(users.id, creator.id));
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key })).status).toBe(401);
    const listed = await t.call('GET', `/api/v1/apikeys?includeInactive=true`, { token: manager });
    expect(listed.body.data.find((entry: { id: number }) => entry.id === created.body.apiKey.id)?.status).toBe(
      'Suspended',
    );
    await t.database.db
      .update(users)
      .set({ roleId: UserRole.Distributor, isActive: false })
      .where(eq(users.id, creator.id));
    expect((await t.call('GET', `/api/v1/groups/${oakRidge.id}/residents`, { token: key })).status).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, creator.id));
  });

  test('bad input: 400 naming the field; a group outside the caller is 404; maintenance may not manage keys', async () => {
    const bad = await createKey({ name: '', expiresInDays: 0, groupIds: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.modelState)).toEqual(expect.arrayContaining(['name', 'expiresInDays', 'groupIds']));
    expect((await createKey({ groupIds: [foreignProperty] })).status).toBe(404);
    const maintenance = await t.login('property.maintenance');
    expect((await createKey({}, maintenance)).status).toBe(403);
  });

  test('the OpenAPI document says how to authenticate with a key', async () => {
    const document = (await t.call('GET', '/api/docs/json')).body;
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.apiKey.description).toContain('pdr_');
  });
});
