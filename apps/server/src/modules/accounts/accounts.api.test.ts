// Sign-in, sessions and password flows against the real API and database, with mail over real SMTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeOtherDistributorship, makePetOwner, userByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('POST /token', () => {
  test('signs in with form fields and answers an OAuth-style token', async () => {
    const response = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: 'lab.admin', password: 'Registry#2026', isPersistent: 'true' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('bearer');
    expect(response.body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(response.body.expires_in).toBe(t.config.persistentTokenLifetimeDays * 86400);
    expect(response.headers['x-build-version']).toBe(t.config.buildVersion);
  });

  test('the same call under /api/v1 works too', async () => {
    const response = await t.call(
      'POST',
      '/api/v1/token',
      form({ grant_type: 'password', userName: 'pet.owner', password: 'Registry#2026' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.expires_in).toBe(t.config.tokenLifetimeHours * 3600);
  });

  test('a wrong password, an unknown user and missing fields answer error_description', async () => {
    const wrong = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: 'lab.admin', password: 'nope' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: Messages.invalidCredentials });
    const unknown = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: 'nobody.here', password: 'Registry#2026' }),
    );
    expect(unknown.body.error_description).toBe(Messages.invalidCredentials);
    const missing = await t.call('POST', '/token', form({ grant_type: 'password', userName: 'lab.admin' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const grant = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'client_credentials', userName: 'lab.admin', password: 'x' }),
    );
    expect(grant.body.error).toBe('unsupported_grant_type');
    const tooLong = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: 'x'.repeat(300), password: 'x' }),
    );
    expect(tooLong.body.error).toBe('invalid_request');
  });

  test('staff with no group cannot sign in; an inactive account cannot either', async () => {
    const loner = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager });
    const response = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: loner.userName, password: 'Registry#2026' }),
    );
    expect(response.body.error_description).toBe(Messages.notAssignedToGroups);
    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const inactive = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: property.id,
      isActive: false,
    });
    const refused = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: inactive.userName, password: 'Registry#2026' }),
    );
    expect(refused.body.error_description).toBe(Messages.accountInactive);
  });

  test('is rate limited per address and user name', async () => {
    const limited = await startTestApp({ rateLimitPerMinute: 3 });
    try {
      const attempt = () =>
        limited.call('POST', '/token', form({ grant_type: 'password', userName: 'lab.admin', password: 'bad' }));
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.error_description).toBe(Messages.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });
});

describe('userinfo and logout', () => {
  test('401 without a token or with a bad one', async () => {
    expect((await t.call('GET', '/api/v1/account/userinfo')).status).toBe(401);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: 'forged' })).status).toBe(401);
  });

  test('describes the caller so the client can route them', async () => {
    const owner = await t.call('GET', '/api/v1/account/userinfo', { token: await t.login('pet.owner') });
    expect(owner.body).toMatchObject({
      userName: 'pet.owner',
      isPetOwner: true,
      isAdmin: false,
      isResident: false,
      roleId: UserRole.PetOwner,
    });
    expect(owner.body.petOwnerId).toBe(owner.body.id);
    const resident = await t.call('GET', '/api/v1/account/userinfo', { token: await t.login('RES0000001') });
    expect(resident.body).toMatchObject({ isResident: true, isPetOwner: false });
    expect(resident.body.residentId).toEqual(expect.any(Number));
    expect(resident.body.features).toContain('Ancestry');
    const staff = await t.call('GET', '/api/v1/account/userinfo', { token: await t.login('lab.admin') });
    expect(staff.body).toMatchObject({ isAdmin: true, isBioPetAdmin: true, petOwnerId: null });
  });

  test('logout revokes the token', async () => {
    const token = await t.login('office.admin');
    const out = await t.call('POST', '/api/v1/account/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body.restoredToken).toBeNull();
    expect((await t.call('GET', '/api/v1/account/userinfo', { token })).status).toBe(401);
  });

  test('sign in as another user, then logout restores the previous session', async () => {
    const managerToken = await t.login('property.manager');
    const owner = await userByName(t.database.db, 'pet.owner');
    const switched = await t.call('POST', `/api/v1/account/signinasanotheruser/${owner.id}`, { token: managerToken });
    expect(switched.status).toBe(200);
    const asOwner = await t.call('GET', '/api/v1/account/userinfo', { token: switched.body.access_token });
    expect(asOwner.body).toMatchObject({ userName: 'pet.owner', impersonatedBy: 'property.manager' });
    const out = await t.call('POST', '/api/v1/account/logout', { token: switched.body.access_token });
    expect(out.body.restoredToken).toEqual(expect.any(String));
    const back = await t.call('GET', '/api/v1/account/userinfo', { token: out.body.restoredToken });
    expect(back.body.userName).toBe('property.manager');
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: switched.body.access_token })).status).toBe(401);
  });

  test('signing in as someone outside your groups, or as a pet owner, is refused', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const managerToken = await t.login('property.manager');
    expect(
      (await t.call('POST', `/api/v1/account/signinasanotheruser/${other.propertyManager.id}`, { token: managerToken }))
        .status,
    ).toBe(404);
    const ownerToken = await t.login('pet.owner');
    const manager = await userByName(t.database.db, 'property.manager');
    expect(
      (await t.call('POST', `/api/v1/account/signinasanotheruser/${manager.id}`, { token: ownerToken })).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/v1/account/signinasanotheruser/999999', { token: managerToken })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/v1/account/signinasanotheruser/abc', { token: managerToken })).status).toBe(400);
  });
});

describe('change password', () => {
  test('checks the old password and the rules, then changes it', async () => {
    const property = await groupByName(t.database.db, 'Maple Court');
    const owner = await makePetOwner(t.database.db, { groupId: property.id });
    const token = await t.login(owner.userName);
    const wrongOld = await t.call('POST', '/api/v1/account/changepassword', {
      token,
      body: { oldPassword: 'bad', newPassword: 'Better#Pass1', confirmPassword: 'Better#Pass1' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.modelState.oldPassword).toEqual(['Incorrect password.']);
    const weak = await t.call('POST', '/api/v1/account/changepassword', {
      token,
      body: { oldPassword: 'Registry#2026', newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.modelState.newPassword).toEqual(
      expect.arrayContaining(['Passwords must be at least 8 characters.']),
    );
    const mismatch = await t.call('POST', '/api/v1/account/changepassword', {
      token,
      body: { oldPassword: 'Registry#2026', newPassword: 'Better#Pass1', confirmPassword: 'Other#Pass1' },
    });
    expect(mismatch.body.modelState.confirmPassword).toBeDefined();
    const ok = await t.call('POST', '/api/v1/account/changepassword', {
      token,
      body: { oldPassword: 'Registry#2026', newPassword: 'Better#Pass1', confirmPassword: 'Better#Pass1' },
    });
    expect(ok.body.message).toBe(Messages.passwordChanged);
    await expect(t.login(owner.userName)).rejects.toThrow(/failed/);
    expect(await t.login(owner.userName, 'Better#Pass1')).toEqual(expect.any(String));
  });
});

describe('forgot and reset password', () => {
  test('mails a link over SMTP that resets the password once and only once', async () => {
    const owner = await makePetOwner(t.database.db, { email: 'forgetful@test.example' });
    const response = await t.call('POST', '/api/v1/account/forgotpassword', {
      body: { email: 'Forgetful@test.example' },
    });
    expect(response.body.message).toBe(Messages.forgotProcessed);
    const mail = await t.smtp.waitFor((message) => message.to.includes('forgetful@test.example'));
    const link = /http:\/\/registry\.test\/resetpassword\?userName=([^&\s]+)&token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const [, userName, token] = link!;
    expect(decodeURIComponent(userName)).toBe(owner.userName);
    expect(
      (await t.call('GET', `/api/v1/account/resetpassword?userName=${userName}&token=${token}`)).body.isValid,
    ).toBe(true);

    const body = { userName: owner.userName, token, password: 'Fresh#Start9', confirmPassword: 'Fresh#Start9' };
    const first = await t.call('POST', '/api/v1/account/resetpassword', { body });
    expect(first.body.message).toBe(Messages.passwordReset);
    expect(await t.login(owner.userName, 'Fresh#Start9')).toEqual(expect.any(String));
    const second = await t.call('POST', '/api/v1/account/resetpassword', {
      body: { ...body, password: 'Again#Start9', confirmPassword: 'Again#Start9' },
    });
    expect(second.status).toBe(400);
    expect(second.body.exceptionMessage).toBe(Messages.invalidResetToken);
    await expect(t.login(owner.userName, 'Again#Start9')).rejects.toThrow(/failed/);

    const log = await t.call('GET', '/api/v1/emaillog?subjectFilter=reset', { token: await t.login('lab.admin') });
    expect(
      log.body.data.some(
        (row: { recipients: string; wasSuccessful: boolean }) =>
          row.recipients === 'forgetful@test.example' && row.wasSuccessful,
      ),
    ).toBe(true);
  });

  test('an unknown email gets the same answer and no mail', async () => {
    const before = t.smtp.messages.length;
    const response = await t.call('POST', '/api/v1/account/forgotpassword', {
      body: { email: 'nobody@nowhere.example' },
    });
    expect(response.body.message).toBe(Messages.forgotProcessed);
    expect(t.smtp.messages.length).toBe(before);
    expect((await t.call('POST', '/api/v1/account/forgotpassword', { body: {} })).status).toBe(400);
  });

  test('a made-up token is refused and a weak password is a validation error', async () => {
    const made = await t.call('POST', '/api/v1/account/resetpassword', {
      body: { userName: 'pet.owner', token: 'made-up', password: 'Fresh#Start9', confirmPassword: 'Fresh#Start9' },
    });
    expect(made.body.exceptionMessage).toBe(Messages.invalidResetToken);
    const weak = await t.call('POST', '/api/v1/account/resetpassword', {
      body: { userName: 'pet.owner', token: 'made-up', password: 'weak', confirmPassword: 'weak' },
    });
    expect(weak.body.modelState.password.length).toBeGreaterThan(1);
  });
});

describe('temporary sign-in links', () => {
  test('an admin makes a link for a pet owner of their groups; it signs the owner in until it expires', async () => {
    const owner = await userByName(t.database.db, 'pet.owner');
    const token = await t.login('property.manager');
    const link = await t.call('GET', `/api/v1/account/generatetemporarytoken/${owner.id}?returnUrl=/account/manage`, {
      token,
    });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain('/token-login?token=');
    const signedIn = await t.call(
      'GET',
      `/api/v1/account/signinwithtemporarytoken?token=${link.body.token}&isPersistent=false`,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.returnUrl).toBe('/account/manage');
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: signedIn.body.access_token })).body.userName).toBe(
      'pet.owner',
    );
  });

  test('no token, an unknown token, and callers outside the group are refused', async () => {
    const missing = await t.call('GET', '/api/v1/account/signinwithtemporarytoken');
    expect(missing.body.exceptionMessage).toBe(Messages.invalidTokenParameters);
    const unknown = await t.call('GET', '/api/v1/account/signinwithtemporarytoken?token=unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(Messages.loginLinkExpired);
    const owner = await userByName(t.database.db, 'pet.owner');
    expect(
      (
        await t.call('GET', `/api/v1/account/generatetemporarytoken/${owner.id}`, {
          token: await t.login('parentage.manager'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/account/generatetemporarytoken/${owner.id}`, { token: await t.login('avery.kim') }))
        .status,
    ).toBe(403);
  });
});

describe('password resets by an admin', () => {
  test('resetadminpassword mails a new password and ends the old one', async () => {
    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const response = await t.call('POST', `/api/v1/account/resetadminpassword?id=${admin.id}`, {
      token: await t.login('property.manager'),
    });
    expect(response.status).toBe(200);
    const mail = await t.smtp.waitFor((message) => message.to.includes(admin.email!));
    const password = /new password is: (\S+)/.exec(mail.text)?.[1]?.replace(/<.*$/, '');
    expect(password).toBeDefined();
    await expect(t.login(admin.userName)).rejects.toThrow(/failed/);
    expect(await t.login(admin.userName, password)).toEqual(expect.any(String));
  });

  test('resetpetownerpassword works for an owner in scope and not for others', async () => {
    const owner = await userByName(t.database.db, 'avery.kim');
    expect(
      (
        await t.call('POST', '/api/v1/account/resetpetownerpassword', {
          token: await t.login('firm.manager'),
          body: { petOwnerId: owner.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('POST', '/api/v1/account/resetpetownerpassword', {
          token: await t.login('parentage.manager'),
          body: { petOwnerId: owner.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/v1/account/resetpetownerpassword', {
          token: await t.login('firm.manager'),
          body: { petOwnerId: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('profile', () => {
  test('updateuserprofile validates and saves, manageinfo reads it back', async () => {
    const token = await t.login('casey.morgan');
    const tooLong = await t.call('POST', '/api/v1/account/updateuserprofile', {
      token,
      body: { firstName: 'x'.repeat(101), lastName: 'Morgan' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.modelState.firstName).toBeDefined();
    const badState = await t.call('POST', '/api/v1/account/updateuserprofile', {
      token,
      body: { firstName: 'Casey', lastName: 'Morgan', address: { countryId: 'US', stateId: 'CA-ON' } },
    });
    expect(badState.body.modelState['address.stateId']).toEqual(['Unknown state for this country.']);
    const missing = await t.call('POST', '/api/v1/account/updateuserprofile', { token, body: { lastName: 'Morgan' } });
    expect(missing.body.modelState.firstName).toBeDefined();
    const ok = await t.call('POST', '/api/v1/account/updateuserprofile', {
      token,
      body: {
        firstName: 'Casey',
        lastName: 'Morgan-Hill',
        phoneNumber: '555-0100',
        address: { addressLine1: '1 Main St', city: 'Austin', stateId: 'US-TX', countryId: 'US', postalCode: '78701' },
      },
    });
    expect(ok.body.message).toBe(Messages.savedSuccessfully);
    const info = await t.call('GET', '/api/v1/account/manageinfo', { token });
    expect(info.body.profile).toMatchObject({ lastName: 'Morgan-Hill', phoneNumber: '555-0100' });
    expect(info.body.profile.address.state).toEqual({ id: 'US-TX', abbreviation: 'TX', name: 'Texas' });
  });

  test('password rules and roles are served', async () => {
    expect((await t.call('GET', '/api/v1/account/passwordrules')).body).toEqual({
      requiredLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireDigit: true,
      requireNonLetterOrDigit: true,
    });
    const creatable = await t.call('GET', '/api/v1/account/getcreatableadminroles', {
      token: await t.login('distributor'),
    });
    expect(creatable.body.map((role: { id: number }) => role.id)).toEqual([5, 6, 7, 8]);
    const forType = async (userName: string, groupType: number | string) =>
      (
        await t.call('GET', `/api/v1/account/getcreatableadminroles?groupType=${groupType}`, {
          token: await t.login(userName),
        })
      ).body.map?.((role: { id: number }) => role.id);
    expect(await forType('distributor', 4)).toEqual([7, 8]);
    // Only roles strictly below one's own: a distributor makes no distributors, a lab admin no lab admins.
    expect(await forType('distributor', 2)).toEqual([]);
    expect(await forType('property.manager', 4)).toEqual([8]);
    expect(await forType('distributor', 0)).toEqual([]);
    expect(await forType('lab.admin', 0)).toEqual([1, 2]);
    expect(
      (await t.call('GET', '/api/v1/account/getcreatableadminroles?groupType=9', { token: await t.login('lab.admin') }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('GET', '/api/v1/account/getalladminroles', { token: await t.login('pet.owner') })).status,
    ).toBe(403);
  });
});
