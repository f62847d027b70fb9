// setpassword, updateuserinfo and the mailed email confirmation, against the real API, database and SMTP receiver.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Messages } from '@registry/contracts';
import { users } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner, userByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ownerOfOakRidge() {
  const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
  return makePetOwner(t.database.db, { groupId: property.id });
}
/** Signs in through a temporary link: the only way in for an account without a password. */
async function signInByLink(userId: number) {
  const link = await t.call('GET', `/api/v1/account/generatetemporarytoken/${userId}`, {
    token: await t.login('property.manager'),
  });
  const grant = await t.call('GET', `/api/v1/account/signinwithtemporarytoken?token=${link.body.token}`);
  expect(grant.status).toBe(200);
  return grant.body.access_token as string;
}
const confirmationToken = (text: string) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('POST setpassword', () => {
  test('an account without a password sets one under the reset rules; other sessions end', async () => {
    const owner = await ownerOfOakRidge();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.id));
    const here = await signInByLink(owner.id);
    const elsewhere = await signInByLink(owner.id);
    const weak = await t.call('POST', '/api/v1/account/setpassword', {
      token: here,
      body: { newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.modelState.newPassword).toContain('Passwords must be at least 8 characters.');
    const mismatch = await t.call('POST', '/api/v1/account/setpassword', {
      token: here,
      body: { newPassword: 'First#2027', confirmPassword: 'Other#2027' },
    });
    expect(mismatch.body.modelState.confirmPassword).toBeDefined();

    const set = await t.call('POST', '/api/v1/account/setpassword', {
      token: here,
      body: { newPassword: 'First#2027', confirmPassword: 'First#2027' },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(Messages.passwordSet);
    expect(await t.login(owner.userName, 'First#2027')).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: here })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: elsewhere })).status).toBe(401);
  });

  test('an account with a password is sent to change password; signed out is 401', async () => {
    const token = await t.login('pet.owner');
    const refused = await t.call('POST', '/api/v1/account/setpassword', {
      token,
      body: { newPassword: 'First#2027', confirmPassword: 'First#2027' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe(Messages.passwordAlreadySet);
    expect(
      (
        await t.call('POST', '/api/v1/account/setpassword', {
          body: { newPassword: 'First#2027', confirmPassword: 'First#2027' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST updateuserinfo', () => {
  test('changes the name at once and the email only after the mailed link is opened, once', async () => {
    const owner = await ownerOfOakRidge();
    const token = await t.login(owner.userName);
    const newEmail = `moved.${owner.id}@test.example`;
    const response = await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'Robin', lastName: 'Moved', email: newEmail },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: Messages.checkMailToConfirm(newEmail), pendingEmail: newEmail });
    const info = (await t.call('GET', '/api/v1/account/userinfo', { token })).body;
    expect(info).toMatchObject({ firstName: 'Robin', lastName: 'Moved', email: owner.email });

    const mail = await t.smtp.waitFor((message) => message.to.includes(newEmail));
    const linkToken = confirmationToken(mail.text);
    expect(linkToken).toBeDefined();
    const confirmed = await t.call('POST', '/api/v1/account/confirmemail', { body: { token: linkToken } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(Messages.emailConfirmed);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token })).body.email).toBe(newEmail);
    const again = await t.call('POST', '/api/v1/account/confirmemail', { body: { token: linkToken } });
    expect(again.status).toBe(400);
    expect(again.body.exceptionMessage).toBe(Messages.emailLinkInvalid);
  });

  test('the same email saves without a mail; a taken email, a bad one and control characters are 400 naming the field', async () => {
    const owner = await ownerOfOakRidge();
    const token = await t.login(owner.userName);
    const same = await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'Sam', lastName: 'Same', email: owner.email },
    });
    expect(same.body).toEqual({ message: Messages.savedSuccessfully, pendingEmail: null });
    const other = await userByName(t.database.db, 'pet.owner');
    const taken = await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'Sam', lastName: 'Same', email: other.email },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.modelState.email).toEqual([Messages.emailTaken(other.email!)]);
    const invalid = await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'Sam', lastName: 'Same', email: 'not-an-email' },
    });
    expect(invalid.body.modelState.email).toBeDefined();
    const nul = await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'Sa\u0000m', lastName: 'Same\n', email: owner.email },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.modelState.firstName).toEqual(['Must not contain control characters.']);
    expect(nul.body.modelState.lastName).toEqual(['Must not contain control characters.']);
  });

  test('only the latest request counts, and an address taken meanwhile is refused', async () => {
    const owner = await ownerOfOakRidge();
    const token = await t.login(owner.userName);
    const first = `first.${owner.id}@test.example`;
    const second = `second.${owner.id}@test.example`;
    await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'A', lastName: 'B', email: first },
    });
    await t.call('POST', '/api/v1/account/updateuserinfo', {
      token,
      body: { firstName: 'A', lastName: 'B', email: second },
    });
    const firstToken = confirmationToken((await t.smtp.waitFor((message) => message.to.includes(first))).text);
    const secondToken = confirmationToken((await t.smtp.waitFor((message) => message.to.includes(second))).text);
    expect((await t.call('POST', '/api/v1/account/confirmemail', { body: { token: firstToken } })).status).toBe(400);
    // Someone else takes the address before the link is opened.
    await makePetOwner(t.database.db, { email: second });
    const late = await t.call('POST', '/api/v1/account/confirmemail', { body: { token: secondToken } });
    expect(late.status).toBe(400);
    expect(late.body.modelState.email).toEqual([Messages.emailTaken(second)]);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token })).body.email).toBe(owner.email);
  });

  test('updateuserprofile takes the same confirmation path for a new email', async () => {
    const owner = await ownerOfOakRidge();
    const token = await t.login(owner.userName);
    const newEmail = `profile.${owner.id}@test.example`;
    const saved = await t.call('POST', '/api/v1/account/updateuserprofile', {
      token,
      body: { firstName: 'Pat', lastName: 'Profile', email: newEmail },
    });
    expect(saved.body.message).toBe(Messages.checkMailToConfirm(newEmail));
    expect((await t.call('GET', '/api/v1/account/manageinfo', { token })).body.profile.email).toBe(owner.email);
    const linkToken = confirmationToken((await t.smtp.waitFor((message) => message.to.includes(newEmail))).text);
    expect((await t.call('POST', '/api/v1/account/confirmemail', { body: { token: linkToken } })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/account/manageinfo', { token })).body.profile.email).toBe(newEmail);
  });
});
