// Security answers at rest: saved encrypted (AES-GCM under the configured key), shown decrypted to those who may view
// them, each view audited; answers stored before encryption still read and are encrypted by the start-up pass.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { auditLog, users } from './db/schema/index.ts';
import { encryptClearSecurityAnswers } from './modules/accounts/security-answers.queries.ts';
import { decryptSecret, encryptSecret } from './platform/secrets.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { groupByName, makeAdmin, userByName } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const storedAnswer = async (id: number) =>
  (await t.database.db.select({ answer: users.securityQuestionAnswer }).from(users).where(eq(users.id, id)))[0].answer;

describe('security answers', () => {
  test('a saved answer is stored encrypted and shown decrypted; every view is audited', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: oak.id });
    const token = await t.login('lab.admin');
    const body = {
      firstName: 'Pat',
      lastName: 'Quinn',
      userName: admin.userName,
      email: admin.email,
      roleId: admin.roleId,
      securityQuestion: 'First street?',
      securityQuestionAnswer: 'Elm Street 12',
    };
    expect((await t.call('PUT', `/api/v1/admin/${admin.id}`, { token, body })).status).toBe(200);
    const stored = await storedAnswer(admin.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('Elm');
    const viewed = await t.call('GET', `/api/v1/admin/${admin.id}/securityquestion`, { token });
    expect(viewed.body).toEqual({ securityQuestion: 'First street?', securityQuestionAnswer: 'Elm Street 12' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(admin.id)), eq(auditLog.actionType, 'SecurityAnswerViewed')))
      .orderBy(desc(auditLog.id));
    expect(entry.userName).toBe('lab.admin');
    expect(JSON.stringify(entry)).not.toContain('Elm');
    // Saving the admin again without an answer keeps the encrypted one.
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${admin.id}`, {
          token,
          body: { ...body, securityQuestionAnswer: undefined },
        })
      ).status,
    ).toBe(200);
    expect(await storedAnswer(admin.id)).toBe(stored);
  });

  test('answers stored in clear still read, and the start-up pass encrypts them', async () => {
    const manager = await userByName(t.database.db, 'property.manager');
    expect(await storedAnswer(manager.id)).toBe('Biscuit');
    const token = await t.login('lab.admin');
    expect(
      (await t.call('GET', `/api/v1/admin/${manager.id}/securityquestion`, { token })).body.securityQuestionAnswer,
    ).toBe('Biscuit');
    expect(await encryptClearSecurityAnswers(t.database.db, t.config.dataEncryptionKey!)).toBeGreaterThan(0);
    expect(await storedAnswer(manager.id)).toMatch(/^enc:v1:/);
    expect(
      (await t.call('GET', `/api/v1/admin/${manager.id}/securityquestion`, { token })).body.securityQuestionAnswer,
    ).toBe('Biscuit');
    expect(await encryptClearSecurityAnswers(t.database.db, t.config.dataEncryptionKey!)).toBe(0);
  });

  test('a ciphertext does not open under another key, and is different each time', () => {
    const key = Buffer.alloc(32, 1);
    const sealed = encryptSecret(key, 'Biscuit');
    expect(encryptSecret(key, 'Biscuit')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('Biscuit');
    expect(() => decryptSecret(Buffer.alloc(32, 2), sealed)).toThrow(/unable to authenticate/);
  });
});
