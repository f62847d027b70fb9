// Documents, email log and the hash-chained audit log: provider staff only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { Messages, labDayOf } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { AUDIT_CHAINS, writeAudit } from '../../platform/audit.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('office.admin');
});
afterAll(async () => {
  await t?.close();
});

describe('documents', () => {
  test('the pre-registration documents are seeded, each with a first version', async () => {
    const list = await t.call('GET', '/api/v1/document', { token: staff });
    expect(list.body.map((doc: { name: string }) => doc.name)).toEqual([
      'Dog Owner Policy',
      'No Pets Representation',
      'Other Species Policy',
      'Service Animal Agreement',
    ]);
    expect(list.body.every((doc: { versionCount: number }) => doc.versionCount === 1)).toBe(true);
  });

  test('create, update as a new version, and read an older version', async () => {
    const created = await t.call('POST', '/api/v1/document', {
      token: staff,
      body: { name: 'Pool Rules', content: '<p>v1</p>' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Pool Rules', version: 1, content: '<p>v1</p>' });
    const updated = await t.call('PUT', `/api/v1/document/${created.body.documentId}`, {
      token: staff,
      body: { name: 'Pool Rules', content: '<p>v2</p>' },
    });
    expect(updated.body).toMatchObject({ version: 2, content: '<p>v2</p>' });
    expect(updated.body.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const old = await t.call('GET', `/api/v1/document/${created.body.documentId}?versionId=${created.body.versionId}`, {
      token: staff,
    });
    expect(old.body.content).toBe('<p>v1</p>');
  });

  test('bad input, duplicates, unknown ids and non-staff callers are refused', async () => {
    expect(
      (await t.call('POST', '/api/v1/document', { token: staff, body: { name: '', content: 'x' } })).body.modelState
        .name,
    ).toBeDefined();
    expect(
      (await t.call('POST', '/api/v1/document', { token: staff, body: { name: 'x'.repeat(201), content: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/v1/document', { token: staff, body: { name: 'Dog Owner Policy', content: 'x' } }))
        .body.modelState.name[0],
    ).toContain('already exists');
    expect((await t.call('POST', '/api/v1/document', { token: staff, body: { name: 'X', content: 42 } })).status).toBe(
      400,
    );
    expect((await t.call('GET', '/api/v1/document/999999', { token: staff })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/document/1?versionId=999999', { token: staff })).body.message).toBe(
      Messages.failedToLoadDocumentVersion,
    );
    expect(
      (await t.call('PUT', '/api/v1/document/999999', { token: staff, body: { name: 'X', content: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/v1/document', { token: await t.login('distributor') })).status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/v1/document', {
          token: await t.login('pet.owner'),
          body: { name: 'X', content: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('email log', () => {
  test('records sent mail with its body, filters, and clears', async () => {
    await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: 'pet.owner@mail.example' } });
    await t.smtp.waitFor((mail) => mail.to.includes('pet.owner@mail.example'));
    // The filter's day is the lab's (its time zone), not UTC's: just after midnight UTC they differ.
    const today = labDayOf(new Date(), t.app.services.config.labTimeZone);
    const date = `${String(today.month).padStart(2, '0')}/${String(today.day).padStart(2, '0')}/${today.year}`;
    const found = await t.call(
      'GET',
      `/api/v1/emaillog?recipientsFilter=pet.owner&dateFilter=${encodeURIComponent(date)}&wasSuccessfulFilter=true`,
      { token: staff },
    );
    expect(found.body.totalRecords).toBe(1);
    expect(found.body.data[0].body).toContain('/resetpassword?userName=pet.owner');
    const none = await t.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=false', { token: staff });
    expect(none.body.totalRecords).toBe(0);
    expect((await t.call('GET', '/api/v1/emaillog?dateFilter=13/45/2026', { token: staff })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=maybe', { token: staff })).status).toBe(400);
    expect(
      (await t.call('DELETE', '/api/v1/emaillog/deleteall', { token: await t.login('property.manager') })).status,
    ).toBe(403);
    const cleared = await t.call('DELETE', '/api/v1/emaillog/deleteall', { token: staff });
    expect(cleared.body.message).toBe(Messages.logCleared);
    expect((await t.call('GET', '/api/v1/emaillog', { token: staff })).body.totalRecords).toBe(0);
  });

  test('a mail that cannot be delivered is logged as failed', async () => {
    const broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' });
    try {
      await broken.call('POST', '/api/v1/account/forgotpassword', { body: { email: 'pet.owner@mail.example' } });
      const failed = await broken.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=false', {
        token: await broken.login('lab.admin'),
      });
      expect(failed.body.totalRecords).toBe(1);
      expect(failed.body.data[0].errorMessage).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});

describe('audit log', () => {
  test('every mutation is there, filterable, newest first, and the chain verifies', async () => {
    await t.call('POST', '/api/v1/document', { token: staff, body: { name: 'Parking Rules', content: '<p>p</p>' } });
    const page = await t.call('GET', '/api/v1/auditlog?entityType=Document&actionType=Create&pageSize=100', {
      token: staff,
    });
    expect(page.body.data[0]).toMatchObject({
      createdBy: 'office.admin',
      entityType: 'Document',
      actionType: 'Create',
    });
    expect(page.body.data[0].after.name).toBe('Parking Rules');
    // Typed as the screen shows them: the words find the same entries as the codes.
    const asWords = await t.call('GET', '/api/v1/auditlog?entityType=document&actionType=%20create&pageSize=100', {
      token: staff,
    });
    expect(asWords.body.totalRecords).toBe(page.body.totalRecords);
    const none = await t.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=false', { token: staff });
    expect(none.body.totalRecords).toBe(0);
    expect((await t.call('GET', '/api/v1/emaillog?dateFilter=13/45/2026', { token: staff })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=maybe', { token: staff })).status).toBe(400);
    expect(
      (await t.call('DELETE', '/api/v1/emaillog/deleteall', { token: await t.login('property.manager') })).status,
    ).toBe(403);
    const cleared = await t.call('DELETE', '/api/v1/emaillog/deleteall', { token: staff });
    expect(cleared.body.message).toBe(Messages.logCleared);
    expect((await t.call('GET', '/api/v1/emaillog', { token: staff })).body.totalRecords).toBe(0);
  });

  test('a mail that cannot be delivered is logged as failed', async () => {
    const broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' });
    try {
      await broken.call('POST', '/api/v1/account/forgotpassword', { body: { email: 'pet.owner@mail.example' } });
      const failed = await broken.call('GET', '/api/v1/emaillog?wasSuccessfulFilter=false', {
        token: await broken.login('lab.admin'),
      });
      expect(failed.body.totalRecords).toBe(1);
      expect(failed.body.data[0].errorMessage).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});

describe('audit log', () => {
  test('every mutation is there, filterable, newest first, and the chain verifies', async () => {
    await t.call('POST', '/api/v1/document', { token: staff, body: { name: 'Parking Rules', content: '<p>p</p>' } });
    const page = await t.call('GET', '/api/v1/auditlog?entityType=Document&actionType=Create&pageSize=100', {
      token: staff,
    });
    expect(page.body.data[0]).toMatchObject({
      createdBy: 'office.admin',
      entityType: 'Document',
      actionType: 'Create',
    });
    expect(page.body.data[0].after.name).toBe('Parking Rules');
    // Typed as the screen shows them: the words find the same entries as the codes.
    const asWords = await t.call('GET', '/api/v1/auditlog?entityType=document&actionType=%20create&pageSize=100', {
      token: staff,
    });
    expect(asWords.body.totalRecords).toBe(page.body.totalRecords);
    const moves = await t.call('GET', '/api/v1/auditlog?entityType=Waste%20match%20result', { token: staff });
    const movesByCode = await t.call('GET', '/api/v1/auditlog?entityType=WasteMatchResult', { token: staff });
    expect(moves.body.totalRecords).toBe(movesByCode.body.totalRecords);
    const none = await t.call('GET', '/api/v1/auditlog?entityType=Documentx', { token: staff });
    expect(none.body.totalRecords).toBe(0);
    const logins = await t.call('GET', '/api/v1/auditlog?actionType=Login&createdBy=office', { token: staff });
    expect(logins.body.totalRecords).toBeGreaterThan(0);
    const verify = await t.call('GET', '/api/v1/auditlog/verify', { token: staff });
    expect(verify.body).toMatchObject({ ok: true, firstBrokenId: null });
    expect(verify.body.checked).toBeGreaterThan(3);
    expect((await t.call('GET', '/api/v1/auditlog?startDate=02/30/2026', { token: staff })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/auditlog', { token: await t.login('distributor') })).status).toBe(403);
  });

  test('the chain stays whole under concurrent writes', async () => {
    const ctx = { caller: null, requestId: 'concurrency' };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.database.db.transaction((tx) =>
          writeAudit(tx, ctx, { entityType: 'Probe', entityId: i, actionType: 'Create', after: { i } }),
        ),
      ),
    );
    const verify = await t.call('GET', '/api/v1/auditlog/verify', { token: staff });
    expect(verify.body.ok).toBe(true);
  });

  test('an edited entry and a deleted entry each break the chain at that point', async () => {
    const copy = await startTestApp();
    try {
      const token = await copy.login('lab.admin');
      await copy.call('POST', '/api/v1/document', { token, body: { name: 'Tamper A', content: 'a' } });
      await copy.call('POST', '/api/v1/document', { token, body: { name: 'Tamper B', content: 'b' } });
      const rows = (await copy.call('GET', '/api/v1/auditlog?entityType=Document', { token })).body.data;
      const target = rows[rows.length - 1];
      await copy.database.db.execute(
        sql`update audit_log set after = '{"name":"Forged"}'::jsonb where id = ${target.id}`,
      );
      const edited = await copy.call('GET', '/api/v1/auditlog/verify', { token });
      expect(edited.body).toMatchObject({ ok: false, firstBrokenId: target.id });

      await copy.database.db.execute(
        sql`update audit_log set after = ${JSON.stringify(target.after)}::jsonb where id = ${target.id}`,
      );
      expect((await copy.call('GET', '/api/v1/auditlog/verify', { token })).body.ok).toBe(true);
      // An entry with a successor on its chain: the successor no longer links to what precedes it. Appends take the
      // chains in turn, so one more document than there are chains puts two on some chain whatever the turn was.
      for (let i = 0; i <= AUDIT_CHAINS; i++)
        await copy.call('POST', '/api/v1/document', { token, body: { name: `Tamper C${i}`, content: 'c' } });
      const [pair] = await queryRows<{ id: number; next: number }>(
        copy.database.db,
        sql`select a.id::int, b.id::int as next from audit_log a
          join audit_log b on b.chain = a.chain and b.sequence = a.sequence + 1 order by a.id desc limit 1`,
      );
      await copy.database.db.execute(sql`delete from audit_log where id = ${pair.id}`);
      const deleted = await copy.call('GET', '/api/v1/auditlog/verify', { token });
      expect(deleted.body).toMatchObject({ ok: false, firstBrokenId: pair.next });
    } finally {
      await copy.close();
    }
  });

  test("a chain's cut tail is found through its recorded head", async () => {
    const copy = await startTestApp();
    try {
      const token = await copy.login('lab.admin');
      await copy.call('POST', '/api/v1/document', { token, body: { name: 'Tail A', content: 'a' } });
      expect((await copy.call('GET', '/api/v1/auditlog/verify', { token })).body.ok).toBe(true);
      // The newest entry is the last of its chain: nothing after it links to it.
      await copy.database.db.execute(sql`delete from audit_log where id = (select max(id) from audit_log)`);
      const cut = await copy.call('GET', '/api/v1/auditlog/verify', { token });
      expect(cut.body).toMatchObject({ ok: false, firstBrokenId: null });
    } finally {
      await copy.close();
    }
  });
});
