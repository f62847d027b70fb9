// Secrets in mail: the recipient gets the generated password or the reset link whole, over real SMTP; the email log
// keeps the same mail with them redacted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { emailLog } from './db/schema/index.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { groupByName, makeAdmin, makePetOwner } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const loggedBodyFor = async (recipient: string) => {
  const [row] = await t.database.db
    .select()
    .from(emailLog)
    .where(eq(emailLog.recipients, recipient))
    .orderBy(desc(emailLog.id))
    .limit(1);
  return row.body;
};

describe('the email log', () => {
  test('keeps a reset mail with the link token redacted; the mail sent has the working link', async () => {
    await makePetOwner(t.database.db, { email: 'secret.reset@test.example' });
    await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: 'secret.reset@test.example' } });
    const mail = await t.smtp.waitFor((message) => message.to.includes('secret.reset@test.example'));
    const token = /&token=([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.text).toContain(`href="http://registry.test/resetpassword?userName=`);
    const logged = await loggedBodyFor('secret.reset@test.example');
    expect(logged).toContain('token=[redacted]');
    expect(logged).not.toContain(token);
    const viaApi = await t.call('GET', '/api/v1/emaillog?recipientsFilter=secret.reset', {
      token: await t.login('lab.admin'),
    });
    expect(JSON.stringify(viaApi.body)).not.toContain(token);
  });

  test('keeps a generated-password mail with the password redacted; the mailed password signs in', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyMaintenance,
      groupId: oak.id,
      email: 'secret.admin@test.example',
    });
    expect(
      (await t.call('POST', `/api/v1/account/resetadminpassword?id=${admin.id}`, { token: await t.login('lab.admin') }))
        .status,
    ).toBe(200);
    const mail = await t.smtp.waitFor((message) => message.to.includes('secret.admin@test.example'));
    const password = /new password is: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^\S{12,}$/);
    expect(await t.login(admin.userName, password)).toEqual(expect.any(String));
    const logged = await loggedBodyFor('secret.admin@test.example');
    expect(logged).toContain('your new password is: [redacted]');
    expect(logged).not.toContain(password!.replace(/&/g, '&amp;'));
    expect(logged).not.toContain(password);
  });
});
