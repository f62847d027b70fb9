// Email events and templates: the configs of /system/emailtemplates (critical events forced on, A/B testing forced off
// below two templates, an unknown key refused), edited templates used by the next mail, the rules (receiveEmails,
// inactive events), delivery through the SMTP receiver and the email log with no secret in it, and a failing SMTP
// server: the action stays done and the send-email job retries the mail.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { ISAG_2006_CANINE, createPopulation } from '@registry/genetics';
import { DnaProfileLabStatus, EmailTemplateMessages as M, SampleCustomerStatus, SampleType } from '@registry/contracts';
import { queryRows } from '../../db/client.ts';
import { dnaPlates, dnaProfiles, emailLog, pets, users } from '../../db/schema/index.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let staff: string;
let lab: string;
const pop = createPopulation(ISAG_2006_CANINE, 2323);
let serial = 0;

/** A pet at DnaProcessingComplete with an approved profile, owned by a new owner of a new property. */
async function completePet(app: TestApp, options: { receiveEmails?: boolean } = {}) {
  const db = app.database.db;
  const home = await makeOtherDistributorship(db);
  const owner = await makePetOwner(db, { groupId: home.property.id });
  if (options.receiveEmails === false)
    await db.update(users).set({ receiveEmails: false }).where(eq(users.id, owner.id));
  const sampleNumber = `DN23${String(++serial).padStart(5, '0')}`;
  const [pet] = await db
    .insert(pets)
    .values({
      name: `Verity${serial}`,
      petOwnerId: owner.id,
      sampleNumber,
      customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete,
    })
    .returning();
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: `emails-${sampleNumber}`,
      fileName: 'emails.txt',
      filePath: 'none.txt',
      panelId: ISAG_2006_CANINE.id,
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const dog = pop.dog();
  await db.insert(dnaProfiles).values({
    plateId: plate.id,
    sampleNumber,
    sampleType: SampleType.Pet,
    panelId: ISAG_2006_CANINE.id,
    codes: Array.from(dog.codes),
    result: 'Pass',
    labStatus: DnaProfileLabStatus.Approved,
    dateApproved: new Date(),
  });
  return { owner, pet: pet!, plateId: plate.id, dog, home };
}

const logOf = async (app: TestApp, to: string) =>
  (await app.database.db.select().from(emailLog)).filter((row) => row.recipients.includes(to));

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('office.admin');
  lab = await t.login('lab.admin');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('/sendgridemailtemplates', () => {
  test('configs: added, updated, deleted; critical forced active; A/B off below two templates; unknown key refused', async () => {
    const add = (key: string, body: object) =>
      t.call('POST', `/api/v1/sendgridemailtemplates/addtemplateconfig?templateKey=${key}`, { token: staff, body });
    expect((await add('NoSuchEvent', { isActive: true })).status).toBe(400);
    const added = await add('DNAProcessingComplete', { isActive: false, enableAbTesting: true });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(M.configAdded);
    expect((await add('DNAProcessingComplete', {})).status).toBe(400);
    const configs = (await t.call('GET', '/api/v1/sendgridemailtemplates/getconfig', { token: staff })).body;
    expect(configs.DNAProcessingComplete).toMatchObject({ isActive: true, enableAbTesting: false, isCritical: true });

    const template = async (subject: string) =>
      (
        await t.call('POST', '/api/v1/sendgridemailtemplates/template', {
          token: staff,
          body: { name: subject, eventName: 'AdminPetOwnerMoveOut', subject, body: '<p>{{ownerName}}</p>' },
        })
      ).body.id as number;
    const one = await template('A');
    const two = await template('B');
    expect(
      (await add('AdminPetOwnerMoveOut', { templateIds: [one], enableAbTesting: true, isActive: false })).status,
    ).toBe(200);
    let config = (await t.call('GET', '/api/v1/sendgridemailtemplates/getconfig', { token: staff })).body;
    expect(config.AdminPetOwnerMoveOut).toMatchObject({ isActive: false, enableAbTesting: false, isCritical: false });
    const updated = await t.call(
      'PUT',
      '/api/v1/sendgridemailtemplates/updatetemplateconfig?templateKey=AdminPetOwnerMoveOut',
      {
        token: staff,
        body: { templateIds: [one, two], enableAbTesting: true, isActive: true },
      },
    );
    expect(updated.body.message).toBe(M.configUpdated);
    config = (await t.call('GET', '/api/v1/sendgridemailtemplates/getconfig', { token: staff })).body;
    expect(config.AdminPetOwnerMoveOut).toMatchObject({
      templateIds: [one, two],
      enableAbTesting: true,
      isActive: true,
    });
    // A template of another event cannot be named; a template in use cannot be deleted.
    const foreignTemplate = await t.call('POST', '/api/v1/sendgridemailtemplates/template', {
      token: staff,
      body: { name: 'x', eventName: 'Match', subject: 's', body: 'b' },
    });
    const wrong = await t.call(
      'PUT',
      '/api/v1/sendgridemailtemplates/updatetemplateconfig?templateKey=AdminPetOwnerMoveOut',
      {
        token: staff,
        body: { templateIds: [foreignTemplate.body.id] },
      },
    );
    expect(wrong.status).toBe(400);
    expect((await t.call('DELETE', `/api/v1/sendgridemailtemplates/template/${one}`, { token: staff })).status).toBe(
      400,
    );
    const deleted = await t.call(
      'DELETE',
      '/api/v1/sendgridemailtemplates/deletetemplateconfig?templateKey=AdminPetOwnerMoveOut',
      {
        token: staff,
      },
    );
    expect(deleted.body.message).toBe(M.configDeleted);
    expect((await t.call('DELETE', `/api/v1/sendgridemailtemplates/template/${one}`, { token: staff })).status).toBe(
      200,
    );
    const manager = await t.login('property.manager');
    expect((await t.call('GET', '/api/v1/sendgridemailtemplates/getconfig', { token: manager })).status).toBe(403);
  });

  test('every event is listed with its default; the preview fills sample data, escaped', async () => {
    const list = (await t.call('GET', '/api/v1/sendgridemailtemplates/gettemplates', { token: staff })).body;
    const names = list.events.map((e: { eventName: string }) => e.eventName);
    expect(names).toContain('UserWelcome');
    expect(names).toContain('AdminPetSampleRejectedPropertyNotice');
    expect(list.events.filter((e: { isCritical: boolean }) => e.isCritical)).toHaveLength(names.length - 3);
    const preview = await t.call('POST', '/api/v1/sendgridemailtemplates/preview', {
      token: staff,
      body: { eventName: 'DNASampleReceived', subject: 'Got {{petName}}', body: '<p>{{sampleNumber}} {{nothing}}</p>' },
    });
    expect(preview.body).toEqual({ subject: 'Got Biscuit', html: '<p>DN1234567 </p>' });
  });
});

describe('email events', () => {
  test('Verify mails the owner through the edited template; in the SMTP receiver and the email log', async () => {
    const created = await t.call('POST', '/api/v1/sendgridemailtemplates/template', {
      token: staff,
      body: {
        name: 'Verification v2',
        eventName: 'DNAVerificationTestRequested',
        subject: 'Second swab for {{petName}}',
        body: '<p>Hello {{recipientName}}, please swab {{petName}} ({{sampleNumber}}) again.</p>',
      },
    });
    expect(created.status).toBe(200);
    const { owner, pet } = await completePet(t);
    expect((await t.call('POST', `/api/v1/pet/verify/${pet.id}`, { token: lab })).status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email!));
    expect(mail.subject).toBe(`Second swab for ${pet.name}`);
    expect(mail.text).toContain(`please swab ${pet.name} (${pet.sampleNumber}) again`);
    const logged = await logOf(t, owner.email!);
    expect(logged.map((row) => row.eventName)).toEqual(['DNAVerificationTestRequested']);
  });

  test('a new pet owner gets UserWelcome; the email log has no password', async () => {
    const home = await makeOtherDistributorship(t.database.db);
    const response = await t.call('POST', `/api/v1/petownergroups/${home.property.id}/petowners`, {
      token: staff,
      body: { firstName: 'Wel', lastName: 'Come', email: 'wel.come@test.example' },
    });
    expect(response.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes('wel.come@test.example'));
    const password = /password is: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeTruthy();
    const [row] = await logOf(t, 'wel.come@test.example');
    expect(row!.eventName).toBe('UserWelcome');
    expect(row!.body).not.toContain(password!);
    expect(row!.body).toContain('[redacted]');
  });

  test('receiveEmails false: no customer letter, account mail still goes', async () => {
    const { owner, pet } = await completePet(t, { receiveEmails: false });
    expect((await t.call('POST', `/api/v1/pet/verify/${pet.id}`, { token: lab })).status).toBe(200);
    await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: owner.email } });
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email!));
    expect(mail.subject).toContain('reset your password');
    expect((await logOf(t, owner.email!)).map((row) => row.eventName)).toEqual(['UserPasswordReset']);
  });
});

describe('an event switched off', () => {
  /** Waits until the job queue holds no due mail: a letter that was going to be sent has been sent by then. */
  async function mailSettled() {
    for (let waited = 0; waited < 60_000; waited += 100) {
      const [row] = await queryRows<{ due: number }>(
        t.database.db,
        sql`select count(*)::int as due from pgboss.job
            where name = 'send-email' and state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (row!.due === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test('AdminPetOwnerMoveOut reaches the admins; switched off, it sends nothing while the owner’s letter still goes', async () => {
    const home = await makeOtherDistributorship(t.database.db);
    const admin = home.propertyManager.email!;
    const moveOut = async () => {
      const owner = await makePetOwner(t.database.db, { groupId: home.property.id });
      const moved = await t.call(
        'DELETE',
        `/api/v1/petownergroups/${home.property.id}/petowners/${owner.id}?sendMoveOutEmail=true`,
        { token: staff },
      );
      expect(moved.status).toBe(200);
      await t.smtp.waitFor((m) => m.to.includes(owner.email!));
      await mailSettled();
      return owner;
    };

    const first = await moveOut();
    // The event's text may be an edited template (the configs test above leaves one): the owner named is what counts.
    const notice = await t.smtp.waitFor((m) => m.to.includes(admin));
    expect(notice.text).toContain(first.userName);
    expect((await logOf(t, admin)).map((row) => row.eventName)).toEqual(['AdminPetOwnerMoveOut']);
    expect((await logOf(t, first.email!)).map((row) => row.eventName)).toEqual(['UserMoveOut']);

    const off = await t.call(
      'POST',
      '/api/v1/sendgridemailtemplates/addtemplateconfig?templateKey=AdminPetOwnerMoveOut',
      { token: staff, body: { isActive: false } },
    );
    expect(off.status).toBe(200);
    const second = await moveOut();
    expect((await logOf(t, second.email!)).map((row) => row.eventName)).toEqual(['UserMoveOut']);
    expect((await logOf(t, admin)).map((row) => row.eventName)).toEqual(['AdminPetOwnerMoveOut']);
    expect(t.smtp.messages.filter((m) => m.to.includes(admin))).toHaveLength(1);

    await t.call('DELETE', '/api/v1/sendgridemailtemplates/deletetemplateconfig?templateKey=AdminPetOwnerMoveOut', {
      token: staff,
    });
  });
});

describe('the verification test', () => {
  test('a disagreeing second profile is refused naming the markers and flags the sample', async () => {
    const { pet, plateId, dog } = await completePet(t);
    expect((await t.call('POST', `/api/v1/pet/verify/${pet.id}`, { token: lab })).status).toBe(200);
    const other = pop.dog();
    const codes = Array.from(dog.codes);
    // Two markers of the second swab disagree with the approved profile.
    for (const m of [0, 1]) {
      codes[2 * m] = other.codes[2 * m] === codes[2 * m] ? codes[2 * m] + 1 : other.codes[2 * m];
    }
    const [second] = await t.database.db
      .insert(dnaProfiles)
      .values({
        plateId,
        sampleNumber: pet.sampleNumber!,
        sampleType: SampleType.Pet,
        panelId: ISAG_2006_CANINE.id,
        codes,
        result: 'Pass',
        labStatus: DnaProfileLabStatus.Verification,
      })
      .returning();
    const refused = await t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
      token: lab,
      body: { dnaProfileIds: [second!.id], labStatus: DnaProfileLabStatus.Approved },
    });
    expect(refused.status).toBe(400);
    const markers = ISAG_2006_CANINE.markers.filter((_m, i) => ISAG_2006_CANINE.typingMarkers.includes(i));
    expect(refused.body.exceptionMessage).toContain(markers[0]!.name);
    expect(refused.body.exceptionMessage).toContain('not approved');
    const [after] = await t.database.db.select().from(pets).where(eq(pets.id, pet.id));
    expect(after!.isFlagged).toBe(true);
    expect(after!.hasApprovedVerificationTest).toBe(false);
    const [profile] = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.id, second!.id));
    expect(profile!.labStatus).toBe(DnaProfileLabStatus.Verification);
    expect(profile!.isFlagged).toBe(true);
  });
});

describe('a failing SMTP server', () => {
  test('the action stays done; the send-email job retries the mail', async () => {
    let attempts = 0;
    const delivered: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          attempts++;
          if (attempts === 1) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const flaky = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailRetrySeconds: 1 });
    try {
      const { owner, pet } = await completePet(flaky);
      const verify = await flaky.call('POST', `/api/v1/pet/verify/${pet.id}`, {
        token: await flaky.login('lab.admin'),
      });
      expect(verify.status).toBe(200);
      const [row] = await flaky.database.db.select().from(pets).where(eq(pets.id, pet.id));
      expect(row!.customerFacingStatus).toBe(SampleCustomerStatus.VerificationTestRequested);
      const first = await logOf(flaky, owner.email!);
      expect(first.map((r) => r.wasSuccessful)).toEqual([false]);
      const started = Date.now();
      while (!delivered.includes(owner.email!) && Date.now() - started < 60_000)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(delivered).toContain(owner.email!);
      const logged = await logOf(flaky, owner.email!);
      expect(logged.map((r) => r.wasSuccessful)).toEqual([false, true]);
    } finally {
      await flaky.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 120_000);
});
