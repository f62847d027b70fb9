// Saving a group's edit form unchanged changes nothing: the body the form builds from the details answer, sent back,
// leaves the details answer as it was (the property address of a group with no mailing address in particular).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressView } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

// The address as the address form holds it: empty strings for empty parts, ids as ISO codes.
const formAddress = (view: AddressView | null) => ({
  addressLine1: view?.addressLine1 ?? '',
  addressLine2: view?.addressLine2 ?? '',
  addressLine3: view?.addressLine3 ?? '',
  city: view?.city ?? '',
  postalCode: view?.postalCode ?? '',
  countryId: view?.country?.id,
  stateId: view?.state?.id,
});

/** The body the group edit form sends when nothing was touched (GroupEditModal's groupUpdateBody). */
function unchangedBody(g: any) {
  const body: Record<string, unknown> = {
    name: g.name,
    email: g.email ?? '',
    phone: g.phone ?? '',
    website: g.website ?? '',
    numberOfUnits: g.numberOfUnits,
    mailingAddress: formAddress(g.mailingAddress),
    isSameAddress: g.isSameAddress,
  };
  if (g.canSeeExtraFields)
    Object.assign(body, {
      managementCompany: g.managementCompany ?? '',
      certificationRecipient: g.certificationRecipient ?? 0,
    });
  if (g.groupType === 4) {
    body.propertyAddress = g.isSameAddress ? body.mailingAddress : formAddress(g.propertyAddress);
    body.propertyNotes = g.propertyNotes ?? '';
  }
  return body;
}

describe('PUT /group/{id} with the form unchanged', () => {
  test.each([
    ['lab.admin', 'Oak Ridge Apartments'],
    ['property.manager', 'Oak Ridge Apartments'],
    ['lab.admin', 'Maple Court'],
    ['distributor', 'Sunbelt Pet Services'],
  ])('%s saving %s keeps every field', async (user, name) => {
    const token = await t.login(user);
    const group = await groupByName(t.database.db, name);
    const before = await t.call('GET', `/api/v1/group/${group.id}`, { token });
    expect(before.status).toBe(200);
    const saved = await t.call('PUT', `/api/v1/group/${group.id}`, { token, body: unchangedBody(before.body) });
    expect(saved.status).toBe(200);
    const after = await t.call('GET', `/api/v1/group/${group.id}`, { token });
    expect(after.body).toEqual(before.body);
  });

  test('a property with no mailing address is not "same address", and keeps its property address', async () => {
    const token = await t.login('lab.admin');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const before = await t.call('GET', `/api/v1/group/${oak.id}`, { token });
    expect(before.body).toMatchObject({ isSameAddress: false, mailingAddress: null });
    expect(before.body.propertyAddress.addressLine1).toBe('4500 Oak Ridge Dr');
    // Even a client that says "same" with no mailing address does not wipe it.
    const body = { ...unchangedBody(before.body), isSameAddress: true, propertyAddress: undefined };
    expect((await t.call('PUT', `/api/v1/group/${oak.id}`, { token, body })).status).toBe(200);
    const after = await t.call('GET', `/api/v1/group/${oak.id}`, { token });
    expect(after.body.propertyAddress.addressLine1).toBe('4500 Oak Ridge Dr');
  });

  test('"same address" with a mailing address copies it to the property address', async () => {
    const token = await t.login('lab.admin');
    const maple = await groupByName(t.database.db, 'Maple Court');
    const before = await t.call('GET', `/api/v1/group/${maple.id}`, { token });
    const mailingAddress = {
      addressLine1: '1 Main St',
      city: 'Austin',
      stateId: 'US-TX',
      countryId: 'US',
      postalCode: '78701',
    };
    const body = {
      ...unchangedBody(before.body),
      mailingAddress,
      isSameAddress: true,
      propertyAddress: mailingAddress,
    };
    expect((await t.call('PUT', `/api/v1/group/${maple.id}`, { token, body })).status).toBe(200);
    const after = await t.call('GET', `/api/v1/group/${maple.id}`, { token });
    expect(after.body.isSameAddress).toBe(true);
    expect(after.body.propertyAddress).toEqual(after.body.mailingAddress);
    // And saving that unchanged keeps it.
    expect((await t.call('PUT', `/api/v1/group/${maple.id}`, { token, body: unchangedBody(after.body) })).status).toBe(
      200,
    );
    expect((await t.call('GET', `/api/v1/group/${maple.id}`, { token })).body).toEqual(after.body);
  });
});

describe('admin and profile saved unchanged', () => {
  test('an admin with no address keeps no address', async () => {
    const token = await t.login('lab.admin');
    const search = await t.call('GET', '/api/v1/admin/search?name=property.manager', { token });
    const id = search.body.data[0].id;
    const before = await t.call('GET', `/api/v1/admin/${id}`, { token });
    const a = before.body;
    const body = {
      adminId: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      userName: a.userName,
      email: a.email ?? '',
      phoneNumber: a.phoneNumber,
      companyName: a.companyName,
      roleId: a.roleId,
      receiveEmails: a.receiveEmails,
      address: formAddress(a.address),
      adminNotes: a.adminNotes,
      bioPetNotes: a.bioPetNotes,
      isActive: a.isActive,
    };
    expect((await t.call('PUT', `/api/v1/admin/${id}`, { token, body })).status).toBe(200);
    const after = await t.call('GET', `/api/v1/admin/${id}`, { token });
    expect(after.body).toEqual(before.body);
  });
});
