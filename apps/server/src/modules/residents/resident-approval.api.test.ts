// Approving a pre-registered resident: each dog becomes a pet once, everything the resident typed carries over, the
// resident leaves the pre-registration list, and the RES number keeps signing them in beside the new user name.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BOT_CHECK_HEADER, PetSpecies, RegistrationStatus, WeightUnit } from '@registry/contracts';
import { solveChallenge } from '../../platform/bot-check.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const address = {
  addressLine1: '14 Juniper Court',
  addressLine2: 'Apt 3',
  city: 'Austin',
  stateId: 'US-TX',
  countryId: 'US',
  postalCode: '78703',
};
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const boundary = '----approvaltest';
const multipart = {
  body: Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dog.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
};

async function preRegister(lastName: string, email = `quinn.${lastName.toLowerCase()}@mail.example`) {
  const challenge = (await t.call('GET', '/api/v1/preregistration/botcheck')).body;
  const property = (await t.call('GET', '/api/v1/preregistration/getpropertybypreregcode/oakridge')).body;
  const documents = (await t.call('GET', '/api/v1/preregistration/documents')).body as { versionId: number }[];
  const created = await t.call('POST', '/api/v1/preregresident', {
    headers: { [BOT_CHECK_HEADER]: solveChallenge(challenge.challenge, challenge.difficulty) },
    body: {
      groupId: property.groupId,
      firstName: 'Quinn',
      lastName,
      email,
      phoneNumber: '512-555-0199',
      unitNumber: '7C',
      address,
      hasDogs: true,
      hasOtherPets: true,
      petSpecies: PetSpecies.Dog | PetSpecies.Other,
      otherPetSpeciesNotListed: 'Hedgehog',
      otherSpeciesPolicyAttested: true,
      preRegisteredDogs: [
        {
          name: 'Rocket',
          breed: 'Border Collie',
          weight: 18.5,
          weightUnit: WeightUnit.Kilograms,
          dateOfBirth: '2020-05-17',
          adoptionDate: '2020-08-01',
        },
        {
          name: 'Mochi',
          breed: 'Shiba Inu',
          weight: 21,
          weightUnit: WeightUnit.Pounds,
          isServiceAnimal: true,
          serviceAnimalRepresentationAttested: true,
        },
      ],
      agreedDocumentVersionIds: documents.map((doc) => doc.versionId),
      dogOwnerPolicyAttested: true,
      password: 'Quinn#Pass1',
      confirmPassword: 'Quinn#Pass1',
    },
  });
  expect(created.status).toBe(200);
  return created.body as { token: string; userName: string; preRegResident: { id: number; dogs: { id: number }[] } };
}

test('Approve All registers each dog once with every field kept; the RES number still signs in', async () => {
  const pm = await t.login('property.manager');
  const { token, userName: residentNumber, preRegResident } = await preRegister('Harper');
  const [rocket, mochi] = preRegResident.dogs;
  const photo = await t.call('POST', `/api/v1/dogs/${preRegResident.id}/${rocket.id}/image`, { token, ...multipart });
  expect(photo.status).toBe(200);
  const before = (await t.call('GET', `/api/v1/residents/${preRegResident.id}/details`, { token: pm })).body;
  expect(before.residentNumber).toBe(residentNumber);

  // The popup sends each dog's id, name and sample number only: the server fills in the rest.
  const approved = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
    token: pm,
    body: {
      dogs: [
        { preRegisteredDogId: rocket.id, name: 'Rocket', sampleNumber: 'DN1000101' },
        { preRegisteredDogId: mochi.id, name: 'Mochi', sampleNumber: 'dn1000102' },
      ],
    },
  });
  expect(approved.status).toBe(200);
  expect(approved.body).toMatchObject({ userName: 'quinn.harper', residentNumber });

  const owner = (await t.call('GET', `/api/v1/petowner/${approved.body.petOwnerId}`, { token: pm })).body;
  expect(owner).toMatchObject({
    userName: 'quinn.harper',
    firstName: before.firstName,
    lastName: before.lastName,
    email: before.email,
    phoneNumber: before.phoneNumber,
    address: expect.objectContaining({
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2,
      city: address.city,
      postalCode: address.postalCode,
    }),
  });
  expect(owner.pets).toHaveLength(2);
  for (const dog of before.dogDetails) {
    const listed = owner.pets.find((pet: { name: string }) => pet.name === dog.name);
    const pet = (await t.call('GET', `/api/v1/pet/${listed.id}`, { token: pm })).body;
    expect(pet).toMatchObject({
      breed: dog.breed,
      weight: dog.weight,
      weightUnit: dog.weightUnit,
      dateOfBirth: dog.dateOfBirth,
      adoptionDate: dog.adoptionDate,
      isServiceAnimal: dog.isServiceAnimal,
    });
    // The photo carries over as the pet's own copy.
    expect(Boolean(pet.imageUrl)).toBe(Boolean(dog.imagePath));
  }

  const after = (await t.call('GET', `/api/v1/residents/${preRegResident.id}/details`, { token: pm })).body;
  expect(after).toMatchObject({
    status: RegistrationStatus.Approved,
    isPartiallyRegistered: false,
    otherPetSpeciesNotListed: 'Hedgehog',
    petSpecies: PetSpecies.Dog | PetSpecies.Other,
    userName: 'quinn.harper',
    residentNumber,
  });
  expect(after.dogDetails.map((dog: { isRegistered: boolean }) => dog.isRegistered)).toEqual([true, true]);
  // Service-animal attestation stays with the dog's pre-registration record.
  expect(after.dogDetails[1].serviceAnimalRepresentationAttested).toBe(true);

  // Off the pre-registration list; a second approval registers nothing.
  const list = (await t.call('GET', `/api/v1/groups/${before.groupId}/residents/prereg?pageSize=100`, { token: pm }))
    .body;
  expect(list.data.map((row: { id: number }) => row.id)).not.toContain(preRegResident.id);
  const again = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
    token: pm,
    body: { dogs: [{ preRegisteredDogId: rocket.id, name: 'Rocket', sampleNumber: 'DN1000103' }] },
  });
  expect(again.status).toBe(400);
  const pets = (await t.call('GET', `/api/v1/petowner/${approved.body.petOwnerId}`, { token: pm })).body.pets;
  expect(pets).toHaveLength(2);

  // Both names sign in with the password chosen at pre-registration; the resident's page shows both.
  for (const name of [residentNumber, 'quinn.harper', residentNumber.toLowerCase()]) {
    const signIn = await t.call('POST', '/api/v1/token', {
      body: new URLSearchParams({ grant_type: 'password', userName: name, password: 'Quinn#Pass1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect({ name, status: signIn.status }).toEqual({ name, status: 200 });
  }
  const own = await t.call('GET', `/api/v1/residents/${preRegResident.id}`, {
    token: await t.login('quinn.harper', 'Quinn#Pass1'),
  });
  expect(own.body).toMatchObject({ userName: 'quinn.harper', residentNumber });
});

test("a dog already registered is refused in the spec's words and nothing changes", async () => {
  const pm = await t.login('property.manager');
  const { preRegResident } = await preRegister('Sloane');
  const [rocket, mochi] = preRegResident.dogs;
  const first = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
    token: pm,
    body: { dogs: [{ preRegisteredDogId: rocket.id, name: 'Rocket', sampleNumber: 'DN1000201' }] },
  });
  expect(first.status).toBe(200);
  const details = async () =>
    (await t.call('GET', `/api/v1/residents/${preRegResident.id}/details`, { token: pm })).body;
  expect((await details()).isPartiallyRegistered).toBe(true);

  // By id, or by name without an id: Rocket is the same pre-registered dog either way.
  for (const rocketAgain of [
    { preRegisteredDogId: rocket.id, name: 'Rocket', sampleNumber: 'DN1000202' },
    { name: 'rocket', sampleNumber: 'DN1000202' },
  ]) {
    const twice = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
      token: pm,
      body: { dogs: [{ preRegisteredDogId: mochi.id, name: 'Mochi', sampleNumber: 'DN1000203' }, rocketAgain] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Rocket is already registered as DN1000201.');
  }
  expect((await t.call('GET', `/api/v1/petowner/${first.body.petOwnerId}`, { token: pm })).body.pets).toHaveLength(1);

  // Every dog deferred is no registration; Mochi deferred after Rocket was registered completes it.
  const allDeferred = await preRegister('Vance');
  const deferred = await t.call('PUT', `/api/v1/preregresident/${allDeferred.preRegResident.id}/approve`, {
    token: pm,
    body: {
      dogs: allDeferred.preRegResident.dogs.map((dog, index) => ({
        preRegisteredDogId: dog.id,
        name: index === 0 ? 'Rocket' : 'Mochi',
        isDeferredRegistration: true,
      })),
    },
  });
  expect(deferred.status).toBe(400);
  expect(deferred.body.message).toBe('Register at least one dog: a registration with every dog deferred is invalid.');
  const noSample = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
    token: pm,
    body: { dogs: [{ preRegisteredDogId: mochi.id, name: 'Mochi' }] },
  });
  expect(noSample.status).toBe(400);
  expect(noSample.body.modelState).toHaveProperty(['dogs.0.sampleNumber']);

  const completed = await t.call('PUT', `/api/v1/preregresident/${preRegResident.id}/approve`, {
    token: pm,
    body: { dogs: [{ preRegisteredDogId: mochi.id, name: 'Mochi', isDeferredRegistration: true }] },
  });
  expect(completed.status).toBe(200);
  expect(await details()).toMatchObject({ status: RegistrationStatus.Approved, isPartiallyRegistered: false });
});

test('two residents of one name approved at the same moment each become a pet owner with a user name of their own', async () => {
  const pm = await t.login('property.manager');
  const lastName = `Twin${Date.now().toString(36)}`;
  const first = await preRegister(lastName, `a.${lastName.toLowerCase()}@mail.example`);
  const second = await preRegister(lastName, `b.${lastName.toLowerCase()}@mail.example`);
  const base = 1_000_000 + (Date.now() % 800_000);
  const approve = (resident: typeof first, n: number) =>
    t.call('PUT', `/api/v1/preregresident/${resident.preRegResident.id}/approve`, {
      token: pm,
      body: {
        dogs: resident.preRegResident.dogs.map((dog, i) => ({
          preRegisteredDogId: dog.id,
          name: i === 0 ? 'Rocket' : 'Mochi',
          sampleNumber: `DN${base + 2 * n + i}`,
        })),
      },
    });
  const answers = await Promise.all([approve(first, 0), approve(second, 1)]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const userName = `quinn.${lastName.toLowerCase()}`;
  expect(answers.map((answer) => answer.body.userName).sort()).toEqual([userName, `${userName}2`]);
});
