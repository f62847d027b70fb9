// One test per email event that had none (issue 23): each does the real action through the API, then finds the mail
// in the in-process SMTP receiver (recipient, subject) and its email log row (event name, no secret). Account, admin
// and order mail here; the pet sample letters and the NonCanine result letter in email-events-samples.api.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOT_CHECK_HEADER, GroupTypes, PetSpecies, UserRole, newProduct } from '@registry/contracts';
import { pets } from '../../db/schema/index.ts';
import { solveChallenge } from '../../platform/bot-check.ts';
import { makeGroup, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { loggedMail, passwordIn, subjectOf } from '../../../test/logged-mail.ts';

let t: TestApp;
let staff: string;
let serial = 0;
const unique = (name: string) => `${name}${Date.now().toString(36)}${++serial}`;

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('office.admin');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('a resident pre-registers (POST /preregresident)', () => {
  async function preRegister(lastName: string, withDogs: boolean) {
    const property = (await t.call('GET', '/api/v1/preregistration/getpropertybypreregcode/oakridge')).body;
    const documents = (await t.call('GET', '/api/v1/preregistration/documents')).body as { versionId: number }[];
    const { body: challenge } = await t.call('GET', '/api/v1/preregistration/botcheck');
    const email = `${lastName.toLowerCase()}@mail.example`;
    const password = `${lastName}#Pass1`;
    const response = await t.call('POST', '/api/v1/preregresident', {
      headers: { [BOT_CHECK_HEADER]: solveChallenge(challenge.challenge, challenge.difficulty) },
      body: {
        groupId: property.groupId,
        firstName: 'Robin',
        lastName,
        email,
        phoneNumber: '512-555-0123',
        unitNumber: '7C',
        hasDogs: withDogs,
        hasOtherPets: false,
        petSpecies: withDogs ? PetSpecies.Dog : PetSpecies.None,
        preRegisteredDogs: withDogs ? [{ name: 'Nutmeg', breed: 'Corgi' }] : [],
        agreedDocumentVersionIds: documents.map((doc) => doc.versionId),
        dogOwnerPolicyAttested: withDogs,
        noPetsRepresentationAttested: !withDogs,
        password,
        confirmPassword: password,
      },
    });
    expect(response.status).toBe(200);
    return { email, password, token: response.body.token as string, userName: response.body.userName as string };
  }
  const subject = () => `Welcome to ${t.config.brandName}: your registration at Oak Ridge Apartments`;

  test('with dogs: ResidentNewAccount to the resident, without the password or the session token', async () => {
    const resident = await preRegister(unique('Dogowner'), true);
    const { mail, row } = await loggedMail(t, resident.email, 'ResidentNewAccount');
    expect(subjectOf(mail)).toBe(subject());
    expect(mail.text).toContain(resident.userName);
    expect(mail.text).toContain('Thank you for registering your dogs');
    expect(row.body).not.toContain(resident.password);
    expect(row.body).not.toContain(resident.token);
  });

  test('without dogs: ResidentNewNonDogOwnerAccount to the resident, without the password or the token', async () => {
    const resident = await preRegister(unique('Nodogs'), false);
    const { mail, row } = await loggedMail(t, resident.email, 'ResidentNewNonDogOwnerAccount');
    expect(subjectOf(mail)).toBe(subject());
    expect(mail.text).toContain('as a resident without a dog');
    expect(row.body).not.toContain(resident.password);
    expect(row.body).not.toContain(resident.token);
  });
});

describe('an admin is created (POST /admin)', () => {
  async function createAdmin(roleId: number, groupId: number) {
    const userName = unique('new.admin.');
    const email = `${userName}@test.example`;
    const response = await t.call('POST', '/api/v1/admin', {
      token: staff,
      body: { firstName: 'Ada', lastName: 'Newcombe', userName, email, roleId, groupId },
    });
    expect(response.status).toBe(200);
    return { userName, email };
  }

  test('in a group that is no PooPrints community: AdminGenericNewAdmin, the password redacted in the log', async () => {
    const { distributorship } = await makeOtherDistributorship(t.database.db);
    const admin = await createAdmin(UserRole.Distributor, distributorship.id);
    const { mail, row } = await loggedMail(t, admin.email, 'AdminGenericNewAdmin');
    expect(subjectOf(mail)).toBe(`Welcome to ${t.config.brandName}`);
    expect(mail.text).toContain(`on the group ${distributorship.name}`);
    const password = passwordIn(mail.text);
    expect(await t.login(admin.userName, password)).toEqual(expect.any(String));
    expect(row.body).not.toContain(password);
    expect(row.body).toContain('[redacted]');
  });

  test('on a property (the PooPrints community): AdminPooPrintsNewAdmin, the password redacted in the log', async () => {
    const { property } = await makeOtherDistributorship(t.database.db);
    const admin = await createAdmin(UserRole.PropertyManager, property.id);
    const { mail, row } = await loggedMail(t, admin.email, 'AdminPooPrintsNewAdmin');
    expect(subjectOf(mail)).toBe(`Welcome to ${t.config.brandName} PooPrints`);
    expect(mail.text).toContain('PooPrints program form');
    const password = passwordIn(mail.text);
    expect(await t.login(admin.userName, password)).toEqual(expect.any(String));
    expect(row.body).not.toContain(password);
    expect(row.body).toContain('[redacted]');
  });
});

test('a pet owner created in a parentage group gets ParentageNewUser; the log has no password', async () => {
  const { distributorship } = await makeOtherDistributorship(t.database.db);
  const club = await makeGroup(t.database.db, {
    parentId: distributorship.id,
    groupType: GroupTypes.ParentageGroup,
    name: unique('Breeders '),
  });
  const email = `${unique('breeder.')}@test.example`;
  const response = await t.call('POST', `/api/v1/petownergroups/${club.id}/petowners`, {
    token: staff,
    body: { firstName: 'Bree', lastName: 'Derr', email },
  });
  expect(response.status).toBe(200);
  const { mail, row } = await loggedMail(t, email, 'ParentageNewUser');
  expect(subjectOf(mail)).toBe(`Welcome to ${t.config.brandName}`);
  expect(mail.text).toContain('parentage testing of your dogs');
  const password = passwordIn(mail.text);
  expect(await t.login(response.body.userName, password)).toEqual(expect.any(String));
  expect(row.body).not.toContain(password);
  expect(row.body).toContain('[redacted]');
});

test('a checkout of an ancestry product sends UserAncestryOrderConfirmation; the log has no card token', async () => {
  await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
  const kit = await t.call('POST', '/api/v1/products', {
    token: staff,
    body: { ...newProduct(), sku: unique('ANC-MAIL'), name: 'Ancestry kit', price: 9900, isAncestryProduct: true },
  });
  expect(kit.status).toBe(200);
  const { property } = await makeOtherDistributorship(t.database.db);
  const owner = await makePetOwner(t.database.db, { groupId: property.id });
  const [dog] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${7_600_000 + Math.floor(Math.random() * 99_999)}` })
    .returning();
  const token = await t.login(owner.userName);
  const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
    token,
    body: { items: [{ productId: kit.body.id, petId: dog!.id }] },
  });
  expect(cart.status).toBe(200);
  const cardToken = `mc.visa.209912.token${'x'.repeat(12)}${unique('')}`;
  const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
    token,
    body: {
      billingAddress: { addressLine1: '1 Main St', countryId: 'US' },
      cardData: { firstName: 'Ann', lastName: 'Buyer', cardNumber: '42424242', cardType: 'Visa', cardToken },
      total: cart.body.grandTotal,
    },
  });
  expect(paid.status).toBe(200);
  const { mail, row } = await loggedMail(t, owner.email!, 'UserAncestryOrderConfirmation');
  expect(subjectOf(mail)).toBe(`Your ancestry DNA order ${paid.body.orderId}`);
  expect(mail.text).toContain('Ancestry kit for Rex');
  // The letter links to the buyer's own order page.
  expect(mail.text).toContain(`/shop/orders/${paid.body.orderId}"`);
  expect(row.body).not.toContain(cardToken);
  expect(row.body).not.toContain('42424242');
});

test('a checkout of another product sends UserOrderConfirmation through its edited template', async () => {
  // The payment reads the confirmation's template with the cart (one statement), not when it sends the mail.
  const edited = await t.call('POST', '/api/v1/sendgridemailtemplates/template', {
    token: staff,
    body: {
      name: 'Order confirmation v2',
      eventName: 'UserOrderConfirmation',
      subject: 'Thanks for order {{orderNumber}}',
      body: '<p>{{recipientName}}: {{items}}</p>',
    },
  });
  expect(edited.status).toBe(200);
  await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
  const collar = await t.call('POST', '/api/v1/products', {
    token: staff,
    body: { ...newProduct(), sku: unique('COL-MAIL'), name: 'Collar tag', price: 1500 },
  });
  const { property } = await makeOtherDistributorship(t.database.db);
  const owner = await makePetOwner(t.database.db, { groupId: property.id });
  const [dog] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Bo', sampleNumber: `DN${7_600_000 + Math.floor(Math.random() * 99_999)}` })
    .returning();
  const token = await t.login(owner.userName);
  const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
    token,
    body: { items: [{ productId: collar.body.id, petId: dog!.id }] },
  });
  const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
    token,
    body: {
      billingAddress: { countryId: 'US' },
      cardData: {
        firstName: 'Bo',
        lastName: 'Buyer',
        cardNumber: '42424242',
        cardToken: `mc.visa.209912.${unique('tok')}xxxxxxxxxx`,
      },
      total: cart.body.grandTotal,
    },
  });
  expect(paid.status).toBe(200);
  const { mail } = await loggedMail(t, owner.email!, 'UserOrderConfirmation');
  expect(subjectOf(mail)).toBe(`Thanks for order ${paid.body.orderId}`);
  expect(mail.text).toContain('Collar tag for Bo');
});
