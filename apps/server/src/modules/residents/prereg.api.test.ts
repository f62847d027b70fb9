// The public pre-registration: property by code, documents by version, the bot check (refused means nothing created),
// the RES sign-in it returns.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import crypto from 'node:crypto';
import { BOT_CHECK_HEADER, PetSpecies, RegistrationStatus, leadingZeroBits } from '@registry/contracts';
import { eq } from 'drizzle-orm';
import { preRegisteredResidents } from '../../db/schema/index.ts';
import { solveChallenge } from '../../platform/bot-check.ts';
import { EMAIL_HAS_ACCOUNT } from './prereg.service.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function proof() {
  const { body } = await t.call('GET', '/api/v1/preregistration/botcheck');
  return solveChallenge(body.challenge, body.difficulty);
}
// One account per email: each form has its own address unless a test names one.
let formSerial = 0;
async function form(overrides: Record<string, unknown> = {}) {
  const property = (await t.call('GET', '/api/v1/preregistration/getpropertybypreregcode/oakridge')).body;
  const documents = (await t.call('GET', '/api/v1/preregistration/documents')).body as { versionId: number }[];
  return {
    groupId: property.groupId,
    firstName: 'Quinn',
    lastName: 'Avery',
    email: `quinn.avery${++formSerial}@mail.example`,
    phoneNumber: '512-555-0101',
    unitNumber: '2B',
    hasDogs: true,
    hasOtherPets: false,
    petSpecies: PetSpecies.Dog,
    preRegisteredDogs: [
      { name: 'Biscuit', breed: 'Beagle', weight: 22, weightUnit: 0, dateOfBirth: '2021-04-02' },
      { name: 'Pepper', isServiceAnimal: true, serviceAnimalRepresentationAttested: true },
    ],
    agreedDocumentVersionIds: documents.map((doc) => doc.versionId),
    dogOwnerPolicyAttested: true,
    password: 'Quinn#Pass1',
    confirmPassword: 'Quinn#Pass1',
    ...overrides,
  };
}
const residentsNamed = async (lastName: string) =>
  t.database.db.select().from(preRegisteredResidents).where(eq(preRegisteredResidents.lastName, lastName));

describe('the property by its pre-registration code', () => {
  test('answers an active property, case-insensitively, with its Ancestry feature', async () => {
    const response = await t.call('GET', '/api/v1/preregistration/getpropertybypreregcode/OakRidge');
    expect(response.body).toMatchObject({ name: 'Oak Ridge Apartments', propertyCode: 'OAKRIDGE', hasAncestry: true });
  });
  test('an unknown code is not found', async () => {
    const response = await t.call('GET', '/api/v1/preregistration/getpropertybypreregcode/NOPE');
    expect(response.status).toBe(404);
  });
  test('documents 1 to 4 in their current versions', async () => {
    const response = await t.call('GET', '/api/v1/preregistration/documents');
    expect(response.body.map((doc: { documentId: number }) => doc.documentId)).toEqual([1, 2, 3, 4]);
    expect(response.body[0]).toMatchObject({ name: 'Dog Owner Policy', version: 1 });
  });
});

describe('POST /preregresident', () => {
  test('creates the resident with their dogs, a RES user name and a session', async () => {
    const address = {
      addressLine1: '9 Birch Lane',
      city: 'Austin',
      stateId: 'US-TX',
      countryId: 'US',
      postalCode: '78702',
    };
    const response = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ address }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    expect(response.status).toBe(200);
    expect(response.body.userName).toMatch(/^RES\d{7}$/);
    const [stored] = await residentsNamed('Avery');
    expect(stored.address).toMatchObject(address);
    expect(response.body.preRegResident).toMatchObject({
      fullName: 'Quinn Avery',
      status: RegistrationStatus.PendingApproval,
      propertyName: 'Oak Ridge Apartments',
    });
    expect(response.body.preRegResident.dogs.map((dog: { name: string }) => dog.name)).toEqual(['Biscuit', 'Pepper']);
    const info = await t.call('GET', '/api/v1/account/userinfo', { token: response.body.token });
    expect(info.body).toMatchObject({ isResident: true, residentId: response.body.preRegResident.id });
    expect(await t.login(response.body.userName, 'Quinn#Pass1')).toEqual(expect.any(String));
  });

  test('without a bot-check proof, with a forged one or a spent one: refused, nothing created', async () => {
    const body = await form({ lastName: 'Botley' });
    expect((await t.call('POST', '/api/v1/preregresident', { body })).status).toBe(400);
    const { body: challenge } = await t.call('GET', '/api/v1/preregistration/botcheck');
    const forged = `${challenge.challenge.slice(0, -4)}AAAA:1`;
    expect(
      (await t.call('POST', '/api/v1/preregresident', { body, headers: { [BOT_CHECK_HEADER]: forged } })).status,
    ).toBe(400);
    // A genuine challenge with a nonce that does not do the work.
    let nonce = 0;
    while (leadingZeroBits(crypto.createHash('sha256').update(`${challenge.challenge}:${nonce}`).digest()) >= 16)
      nonce++;
    const unsolved = `${challenge.challenge}:${nonce}`;
    const weak = await t.call('POST', '/api/v1/preregresident', { body, headers: { [BOT_CHECK_HEADER]: unsolved } });
    expect(weak.status).toBe(400);
    expect(weak.body.exceptionMessage).toMatch(/bot check/);
    expect(await residentsNamed('Botley')).toHaveLength(0);
    const solved = await proof();
    expect(
      (
        await t.call('POST', '/api/v1/preregresident', {
          body: await form({ lastName: 'Once' }),
          headers: { [BOT_CHECK_HEADER]: solved },
        })
      ).status,
    ).toBe(200);
    const replay = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ lastName: 'Twice' }),
      headers: { [BOT_CHECK_HEADER]: solved },
    });
    expect(replay.status).toBe(400);
    expect(await residentsNamed('Twice')).toHaveLength(0);
  });

  test('refuses missing declarations, documents and weak passwords, naming the field', async () => {
    const noPolicy = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ dogOwnerPolicyAttested: false, password: 'short' }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    expect(noPolicy.status).toBe(400);
    expect(Object.keys(noPolicy.body.modelState)).toEqual(
      expect.arrayContaining(['dogOwnerPolicyAttested', 'password']),
    );
    const noDocs = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ agreedDocumentVersionIds: [], lastName: 'Nodocs' }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    expect(noDocs.status).toBe(400);
    expect(noDocs.body.modelState.agreedDocumentVersionIds).toEqual([
      'Please agree to the Dog Owner Policy.',
      'Please agree to the Service Animal Agreement.',
    ]);
    expect(await residentsNamed('Nodocs')).toHaveLength(0);
  });

  test('a resident without pets agrees to the no-pets representation', async () => {
    const response = await t.call('POST', '/api/v1/preregresident', {
      body: await form({
        lastName: 'Petless',
        hasDogs: false,
        petSpecies: PetSpecies.None,
        preRegisteredDogs: [],
        dogOwnerPolicyAttested: false,
        noPetsRepresentationAttested: true,
      }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    expect(response.status).toBe(200);
    expect(response.body.preRegResident).toMatchObject({ petSpecies: PetSpecies.None, dogs: [] });
  });
});

describe('POST /dogs/{residentId}/{dogId}/image', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const multipart = (content: Buffer, contentType = 'image/png') => {
    const boundary = '----residenttest';
    return {
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dog.png"\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  test("the new resident uploads their dog's photo; too large or not an image is refused; another's dog is not found", async () => {
    const created = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ lastName: 'Photo', email: 'photo@mail.example' }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    const { token, preRegResident } = created.body;
    const [biscuit] = preRegResident.dogs;
    const path = `/api/v1/dogs/${preRegResident.id}/${biscuit.id}/image`;
    const uploaded = await t.call('POST', path, { token, ...multipart(png) });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.imagePath).toMatch(/^[0-9a-f]{32}\.png$/);
    const tooLarge = await t.call('POST', path, { token, ...multipart(Buffer.concat([png, Buffer.alloc(4_000_000)])) });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('File must be under 4mb.');
    const html = await t.call('POST', path, { token, ...multipart(Buffer.from('<html></html>'), 'image/png') });
    expect(html.status).toBe(400);
    const stranger = await t.call('POST', path, { token: await t.login('RES0000001'), ...multipart(png) });
    expect(stranger.status).toBe(404);
    const dogs = await t.call('GET', `/api/v1/dogs/${preRegResident.id}`, { token });
    expect(dogs.body[0].imagePath).toBe(uploaded.body.imagePath);

    // Approved into a pet owner, the dog's pet carries a copy of the photo; the dog keeps its own file.
    const pm = await t.login('property.manager');
    const approved = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
      token: pm,
      body: { dogs: [{ preRegisteredDogId: biscuit.id, name: 'Biscuit', sampleNumber: 'DN7000123' }] },
    });
    expect(approved.status).toBe(200);
    const owner = await t.call('GET', `/api/v1/petowner/${approved.body.petOwnerId}`, { token: pm });
    const pet = await t.call('GET', `/api/v1/pet/${owner.body.pets[0].id}`, { token: pm });
    expect(pet.body.imageUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
    expect(pet.body.imageUrl).not.toContain(uploaded.body.imagePath);
    const photo = await t.call('GET', pet.body.imageUrl, { token: pm });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const kept = await t.call('GET', `/api/v1/files/${uploaded.body.imagePath}`, { token: pm });
    expect(kept.status).toBe(200);
  });
});

describe('one account per email', () => {
  test('an email that has an account: nothing created, nobody signed in, its holder mailed a reset link', async () => {
    const email = 'pet.owner@mail.example';
    const response = await t.call('POST', '/api/v1/preregresident', {
      body: await form({ lastName: 'Twin', email: email.toUpperCase() }),
      headers: { [BOT_CHECK_HEADER]: await proof() },
    });
    expect(response.status).toBe(400);
    expect(response.body.modelState).toEqual({ email: [EMAIL_HAS_ACCOUNT] });
    expect(response.body.token).toBeUndefined();
    expect(await residentsNamed('Twin')).toEqual([]);
    const mail = await t.smtp.waitFor((message) => message.to.includes(email));
    expect(mail.text).toContain('resetpassword?userName=pet.owner');
  });
});
