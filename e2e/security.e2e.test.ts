// Issue 20 reproduced from outside: the real server process over HTTP, called as an attacker or a careless client
// would. Bad input answers 400 (never 5xx), escalation 403 or 404, and a spoofed X-Forwarded-For stays rate limited.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { UserRole } from '@registry/contracts';
import { DEMO_PASSWORD } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

type Answer = { status: number; text: string; body: any };
type CallOptions = {
  token?: string;
  json?: unknown;
  raw?: string | Buffer;
  type?: string;
  headers?: Record<string, string>;
};

const MISSING_ID = 2147483000;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let server: ServerProcess;
let limited: ServerProcess;

async function startOn(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-security-'));
  dataDirs.push(dataDir);
  fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const started = await startServerProcess({ dataDir, env });
  servers.push(started);
  return started;
}

async function call(method: string, url: string, options: CallOptions = {}, on = server): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = typeof options.raw === 'string' || !options.raw ? options.raw : new Uint8Array(options.raw);
  if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] = options.type ?? 'application/json';
  const response = await fetch(`${on.baseUrl}${url}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, text, body: parsed };
}

const signIn = (userName: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}, on = server) =>
  call(
    'POST',
    '/token',
    {
      raw: new URLSearchParams({ grant_type: 'password', userName, password }).toString(),
      type: 'application/x-www-form-urlencoded',
      headers,
    },
    on,
  );

async function tokenOf(userName: string): Promise<string> {
  const answer = await signIn(userName);
  if (answer.status !== 200) throw new Error(`${userName} could not sign in: ${answer.status} ${answer.text}`);
  return answer.body.access_token;
}

/** A 400 whose body names the field (in modelState or, failing that, anywhere in its text). */
function expectBadField(answer: Answer, field: string, what: string) {
  const namesField = answer.text.includes(field);
  expect.soft({ what, status: answer.status, namesField }).toEqual({ what, status: 400, namesField: true });
}

let tokens: Record<'lab' | 'manager' | 'owner', string>;
let ids: { me: number; firm: number; highDistributor: number; harbor: number; oak: number; maple: number };

beforeAll(async () => {
  [server, limited] = await Promise.all([startOn(), startOn({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '' })]);
  const [lab, manager, owner] = await Promise.all(['lab.admin', 'property.manager', 'pet.owner'].map(tokenOf));
  tokens = { lab, manager, owner };
  const asLab = { token: tokens.lab };
  const firm = (await call('GET', '/api/v1/admin/search?name=Reyes', asLab)).body.data[0].id;
  const harbor = (await call('GET', `/api/v1/admin/${firm}`, asLab)).body.groups[0].id;
  const subgroups = await call('GET', `/api/v1/subgroups?groupId=${harbor}`, asLab);
  const properties: { id: number; name: string }[] = subgroups.body.data;
  const oak = properties.find((group) => group.name === 'Oak Ridge Apartments')!.id;
  const maple = properties.find((group) => group.name === 'Maple Court')!.id;
  const me = (await call('GET', '/api/v1/account/userinfo', { token: tokens.manager })).body.id;
  // A higher admin who shares the property manager's own property, so only the role order can refuse the acts.
  const higher = { firstName: 'High', lastName: 'Above', userName: 'high.above', email: 'high.above@test.example' };
  const json = { ...higher, roleId: UserRole.Distributor, groupId: oak };
  const distributor = await call('POST', '/api/v1/admin', { ...asLab, json });
  if (distributor.status !== 200) throw new Error(`the distributor was not created: ${distributor.text}`);
  ids = { me, firm, highDistributor: distributor.body.id, harbor, oak, maple };
});

afterAll(async () => {
  for (const started of servers) await started.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bad input answers 400, never 5xx', () => {
  test('a NUL character in a text field, signed out and signed in', async () => {
    expectBadField(await signIn('lab\u0000.admin'), 'userName', 'POST /token userName with NUL');
    const profile = { firstName: 'Jor\u0000dan', lastName: 'Blake', email: 'pet.owner@mail.example' };
    const body = await call('POST', '/api/v1/account/updateuserprofile', { token: tokens.owner, json: profile });
    expectBadField(body, 'firstName', 'POST updateuserprofile firstName with NUL');
    const query = await call('GET', '/api/v1/admin/search?name=Sh%00ah', { token: tokens.lab });
    expectBadField(query, 'name', 'GET admin/search name with NUL');
    const userInfo = await call('GET', '/api/v1/account/userinfo', { token: tokens.owner });
    expect(userInfo.body.firstName).toBe('Jordan');
  });

  test('orderBy naming a prototype member on a paged list', async () => {
    for (const orderBy of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      for (const url of [
        `/api/v1/subgroups?groupId=${ids.harbor}&orderBy=${orderBy}`,
        `/api/v1/admin/search?orderBy=${orderBy}`,
        `/api/v1/group/getpetownergroupsofcurrentadmin?orderBy=${orderBy}`,
      ]) {
        const { status } = await call('GET', url, { token: tokens.lab });
        expect.soft({ url, answered: [200, 400].includes(status), status }).toEqual({ url, answered: true, status });
      }
    }
  });

  test('an id beyond the column range in a path, a query and a body names the field', async () => {
    for (const big of ['2147483648', '9223372036854775808']) {
      expectBadField(await call('GET', `/api/v1/admin/${big}`, { token: tokens.lab }), 'id', `GET /admin/${big}`);
      expectBadField(await call('GET', `/api/v1/group/${big}`, { token: tokens.lab }), 'id', `GET /group/${big}`);
      const subgroups = await call('GET', `/api/v1/subgroups?groupId=${big}`, { token: tokens.lab });
      expectBadField(subgroups, 'groupId', `GET subgroups?groupId=${big}`);
      const reset = await call('POST', `/api/v1/account/resetadminpassword?id=${big}`, { token: tokens.lab });
      expectBadField(reset, 'id', `POST resetadminpassword?id=${big}`);
      const json = { firstName: 'Big', lastName: 'Id', userName: `big.${big.length}`, roleId: 8, groupId: Number(big) };
      const created = await call('POST', '/api/v1/admin', { token: tokens.lab, json });
      expectBadField(created, 'groupId', `POST /admin groupId ${big}`);
    }
    expect((await call('GET', '/api/v1/admin/search?name=big.', { token: tokens.lab })).body.totalRecords).toBe(0);
  });

  test('a malformed JSON body, signed out and signed in', async () => {
    const external = await call('POST', '/api/v1/account/registerexternal', { raw: '{"email": "a@b.example",' });
    expect({ status: external.status, body: external.body }).toMatchObject({ status: 400 });
    const profile = await call('POST', '/api/v1/account/updateuserprofile', { token: tokens.owner, raw: '{"a":' });
    expect({ status: profile.status, body: profile.body }).toMatchObject({ status: 400 });
    const admin = await call('PUT', `/api/v1/admin/${ids.me}`, { token: tokens.manager, raw: '{"roleId": 0' });
    expect({ status: admin.status, body: admin.body }).toMatchObject({ status: 400 });
  });

  test('a truncated multipart logo upload', async () => {
    const boundary = '----registry-probe';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    for (const raw of [Buffer.concat([Buffer.from(head), png]), Buffer.from(head.slice(0, 40))]) {
      const answer = await call('POST', `/api/v1/logoupload/postnewlogo/${ids.oak}`, {
        token: tokens.lab,
        raw,
        type: `multipart/form-data; boundary=${boundary}`,
      });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 400 });
    }
  });
});

describe('escalation answers 403 or 404', () => {
  const refusedStatus = ({ status }: Answer, what: string) =>
    expect.soft({ what, refused: [403, 404].includes(status), status }).toEqual({ what, refused: true, status });

  test('no one changes their own role', async () => {
    const userName = 'property.manager';
    const me = { firstName: 'Priya', lastName: 'Shah', userName, email: `${userName}@registry.example` };
    const json = { ...me, roleId: UserRole.ManagementFirmManager };
    const changed = await call('PUT', `/api/v1/admin/${ids.me}`, { token: tokens.manager, json });
    refusedStatus(changed, 'PUT own admin, roleId 5');
    const after = await call('GET', '/api/v1/account/userinfo', { token: tokens.manager });
    expect(after.body.roleId).toBe(UserRole.PropertyManager);
  });

  test('a property manager cannot sign in as, read the answer of or mint a link for a higher admin', async () => {
    for (const target of [ids.firm, ids.highDistributor]) {
      const signInAs = await call('POST', `/api/v1/account/signinasanotheruser/${target}`, { token: tokens.manager });
      refusedStatus(signInAs, `signinasanotheruser/${target}`);
      expect(signInAs.text).not.toContain('access_token');
      const answer = await call('GET', `/api/v1/admin/${target}/securityquestion`, { token: tokens.manager });
      refusedStatus(answer, `admin/${target}/securityquestion`);
      expect(answer.text).not.toContain('Biscuit');
      const link = await call('GET', `/api/v1/account/generatetemporarytoken/${target}`, { token: tokens.manager });
      refusedStatus(link, `generatetemporarytoken/${target}`);
      expect(link.text).not.toMatch(/token=/i);
    }
  });

  test('a property manager cannot create a Distributor admin', async () => {
    const names = { firstName: 'Esca', lastName: 'Lated' };
    const direct = { ...names, userName: 'esca.lated', email: 'esca.lated@test.example', roleId: 4, groupId: ids.oak };
    refusedStatus(await call('POST', '/api/v1/admin', { token: tokens.manager, json: direct }), 'POST /admin roleId 4');
    const onGroup = { ...names, email: 'esca.lated2@test.example', role: UserRole.Distributor };
    const url = `/api/v1/groupadmin/${ids.oak}/createadmin`;
    const created = await call('POST', url, { token: tokens.manager, json: onGroup });
    refusedStatus(created, 'POST groupadmin/createadmin role 4');
    expect((await call('GET', '/api/v1/admin/search?name=Lated', { token: tokens.lab })).body.totalRecords).toBe(0);
  });

  test('a property manager cannot delete their own property', async () => {
    const url = `/api/v1/group/${ids.oak}?confirmation=${encodeURIComponent('Oak Ridge Apartments')}`;
    refusedStatus(await call('DELETE', url, { token: tokens.manager }), 'DELETE own property');
    expect((await call('GET', `/api/v1/group/${ids.oak}`, { token: tokens.lab })).status).toBe(200);
  });

  test("an id outside the caller's scope answers exactly like a missing id", async () => {
    const pairs: [string, string, string][] = [
      ['GET', `/api/v1/admin/${ids.firm}`, `/api/v1/admin/${MISSING_ID}`],
      ['GET', `/api/v1/group/${ids.maple}`, `/api/v1/group/${MISSING_ID}`],
      ['GET', `/api/v1/subgroups?groupId=${ids.harbor}`, `/api/v1/subgroups?groupId=${MISSING_ID}`],
      ['POST', `/api/v1/account/signinasanotheruser/${ids.firm}`, `/api/v1/account/signinasanotheruser/${MISSING_ID}`],
    ];
    for (const [method, outside, missing] of pairs) {
      const a = await call(method, outside, { token: tokens.manager });
      const b = await call(method, missing, { token: tokens.manager });
      expect.soft({ outside, status: a.status, body: a.body }).toEqual({ outside, status: b.status, body: b.body });
      expect({ outside, status: a.status }).toEqual({ outside, status: 404 });
    }
  });
});

test('a spoofed X-Forwarded-For does not escape the sign-in limit', async () => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) {
    // One user name from what the header claims are five addresses: were the header believed, each attempt would
    // start a new count for (address, user name) and only the user name's own, three times higher, could stop it.
    const spoofed = { 'x-forwarded-for': `203.0.113.${attempt}` };
    const answer = await signIn('nobody.spoofing', 'Wrong#2026', spoofed, limited);
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, 3)).not.toContain(429);
  expect(statuses.slice(3)).toEqual([429, 429]);
});
