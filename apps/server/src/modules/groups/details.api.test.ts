// Group details: view by role, edit with validation, delete with its guards, activation, certificate customization,
// adjacent property agreements and the pre-registration link.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { GroupTypes, Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { adjacentProperties, groups, petOwnerGroups, preRegisteredResidents } from '../../db/schema/index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const allGroups = () => t.database.db.select().from(groups).orderBy(asc(groups.id));
const validUpdate = {
  name: 'Oak Ridge Apartments',
  email: 'office@oakridge.example',
  phone: '(512) 555-0199',
  website: 'https://oakridge.example',
  numberOfUnits: 250,
  mailingAddress: { addressLine1: '1 Main St', city: 'Austin', stateId: 'US-TX', countryId: 'US', postalCode: '78701' },
  isSameAddress: false,
  managementCompany: 'Harbor LLC',
  certificationRecipient: 1,
  propertyAddress: {
    addressLine1: '4500 Oak Ridge Dr',
    city: 'Austin',
    stateId: 'US-TX',
    countryId: 'US',
    postalCode: '78745',
  },
  propertyNotes: 'Gate code 1234',
  propertyOrderFormUrl: 'https://forms.example/oak',
  propertyManagementSoftware: 'Yardi',
  propertyType: 'Apartments',
  residentPayEnabled: true,
  propertyRegistrationFee: 25.5,
  propertyDnBarcodeCount: 41,
  propertyTdBarcodeCount: 26,
  propertyDnBarcodeThreshold: 21,
  propertyTdBarcodeThreshold: 31,
};

describe('GET /group/{id}', () => {
  test('extra and property fields show to provider staff and distributors; admin property details to admins', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const staff = await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('lab.admin') });
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({
      canSeeExtraFields: true,
      propertyDnBarcodeCount: 40,
      numberOfUnits: 240,
      propertyPreRegisterCode: 'OAKRIDGE',
      preRegistrationLink: 'http://registry.test/reg/OAKRIDGE',
      certificationRecipient: 0,
    });
    expect(staff.body.propertyAddress.state.abbreviation).toBe('TX');
    const distributor = await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('distributor') });
    expect(distributor.body.propertyDnBarcodeCount).toBe(40);
    const manager = await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('property.manager') });
    expect(manager.body).toMatchObject({
      canSeeExtraFields: false,
      propertyDnBarcodeCount: null,
      managementCompany: null,
      residentPayEnabled: null,
      propertyPreRegisterCode: 'OAKRIDGE',
    });
    expect(manager.body.propertyAddress.city).toBe('Austin');
    // The path above the group, root first, so the side tree can open down to it.
    expect(staff.body.ancestorIds).toEqual(oak.path.split('/').filter(Boolean).map(Number).slice(0, -1));
    expect(staff.body.ancestorIds).toHaveLength(4);
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const management = await t.call('GET', `/api/v1/group/${harbor.id}`, { token: await t.login('distributor') });
    expect(management.body).toMatchObject({
      managementCompany: 'Harbor Property Management LLC',
      propertyAddress: null,
      propertyPreRegisterCode: null,
      propertyDnBarcodeCount: null,
    });
    expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('pet.owner') })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/group/${oak.id}`)).status).toBe(401);
  });
});

describe('PUT /group/{id}', () => {
  test('saves every field for provider staff and writes an audit entry', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('lab.admin');
    const response = await t.call('PUT', `/api/v1/group/${oak.id}`, { token, body: validUpdate });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ...validUpdate,
      mailingAddress: expect.objectContaining({ city: 'Austin' }),
      propertyAddress: expect.objectContaining({ addressLine1: '4500 Oak Ridge Dr' }),
    });
    const audit = await t.call('GET', '/api/v1/auditlog?entityType=Group&actionType=Update', { token });
    const entry = audit.body.data.find((row: { entityId: string }) => row.entityId === String(oak.id));
    expect(entry.before.numberOfUnits).toBe(240);
    expect(entry.after.numberOfUnits).toBe(250);
  });

  test('a property manager edits the common fields; extra fields keep their stored values', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('firm.manager');
    const response = await t.call('PUT', `/api/v1/group/${maple.id}`, {
      token,
      body: { ...validUpdate, name: 'Maple Court', propertyDnBarcodeCount: 999, managementCompany: 'Sneaky' },
    });
    expect(response.status).toBe(200);
    const stored = await groupByName(t.database.db, 'Maple Court');
    expect(stored.propertyDnBarcodeCount).toBe(0);
    expect(stored.managementCompany).toBeNull();
    expect(stored.phone).toBe('(512) 555-0199');
  });

  test('bad input answers field messages and changes nothing', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('lab.admin');
    const before = await allGroups();
    const cases = [
      { body: { ...validUpdate, name: '' }, field: 'name' },
      { body: { ...validUpdate, name: 'x'.repeat(201) }, field: 'name' },
      { body: { ...validUpdate, email: 'not-an-email' }, field: 'email' },
      { body: { ...validUpdate, website: 'notaurl' }, field: 'website' },
      { body: { ...validUpdate, numberOfUnits: -1 }, field: 'numberOfUnits' },
      { body: { ...validUpdate, numberOfUnits: 2147483648 }, field: 'numberOfUnits' },
      { body: { ...validUpdate, numberOfUnits: 'ten' }, field: 'numberOfUnits' },
      { body: { ...validUpdate, propertyDnBarcodeCount: 1.5 }, field: 'propertyDnBarcodeCount' },
      { body: { ...validUpdate, propertyRegistrationFee: -3 }, field: 'propertyRegistrationFee' },
      { body: { ...validUpdate, phone: '1'.repeat(33) }, field: 'phone' },
      { body: { ...validUpdate, mailingAddress: { countryId: 'ZZ' } }, field: 'mailingAddress.countryId' },
      {
        body: { ...validUpdate, propertyAddress: { countryId: 'US', stateId: 'CA-ON' } },
        field: 'propertyAddress.stateId',
      },
    ];
    for (const { body, field } of cases) {
      const response = await t.call('PUT', `/api/v1/group/${maple.id}`, { token, body });
      expect([field, response.status]).toEqual([field, 400]);
      expect([field, Object.keys(response.body.modelState).includes(field)]).toEqual([field, true]);
    }
    expect(await allGroups()).toEqual(before);
    expect((await t.call('PUT', '/api/v1/group/999999', { token, body: validUpdate })).status).toBe(404);
  });

  test('outside the caller, maintenance, pet owner and anonymous are refused', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    expect(
      (
        await t.call('PUT', `/api/v1/group/${oak.id}`, {
          token: await t.login(other.distributor.userName),
          body: validUpdate,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/v1/group/${oak.id}`, {
          token: await t.login('property.maintenance'),
          body: validUpdate,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `/api/v1/group/${oak.id}`, { token: await t.login('pet.owner'), body: validUpdate })).status,
    ).toBe(403);
    expect((await t.call('PUT', `/api/v1/group/${oak.id}`, { body: validUpdate })).status).toBe(401);
  });
});

describe('DELETE /group/{id}', () => {
  test('needs the typed name; the root and groups with subgroups, pet owners or residents stay', async () => {
    const token = await t.login('lab.admin');
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const cases: [number, string, string][] = [
      [root.id, 'PetDNA Registry', Messages.rootNotDeletable],
      [
        (await groupByName(t.database.db, 'Harbor Property Management')).id,
        'Harbor Property Management',
        Messages.groupHasSubgroups,
      ],
      [(await groupByName(t.database.db, 'Maple Court')).id, 'Maple Court', Messages.groupHasPetOwners],
    ];
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const withResident = await makeGroup(t.database.db, {
      parentId: sunbelt.id,
      groupType: GroupTypes.Property,
      name: 'Resident Place',
    });
    await t.database.db
      .insert(preRegisteredResidents)
      .values({ groupId: withResident.id, firstName: 'Ann', lastName: 'Lee' });
    cases.push([withResident.id, 'Resident Place', Messages.groupHasResidents]);
    const empty = await makeGroup(t.database.db, {
      parentId: sunbelt.id,
      groupType: GroupTypes.Property,
      name: 'Empty Place',
    });
    cases.push([empty.id, 'Wrong Name', Messages.invalidConfirmationText]);
    const before = await allGroups();
    for (const [id, name, message] of cases) {
      const response = await t.call('DELETE', `/api/v1/group/${id}?confirmation=${encodeURIComponent(name)}`, {
        token,
      });
      expect([message, response.status]).toEqual([message, 400]);
      expect(response.body.exceptionMessage).toBe(message);
    }
    expect((await t.call('DELETE', `/api/v1/group/${empty.id}`, { token })).body.exceptionMessage).toBe(
      Messages.invalidConfirmationText,
    );
    expect(await allGroups()).toEqual(before);
    expect(
      (
        await t.call('DELETE', `/api/v1/group/${empty.id}?confirmation=Empty%20Place`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    const deleted = await t.call('DELETE', `/api/v1/group/${empty.id}?confirmation=Empty%20Place`, {
      token: await t.login('distributor'),
    });
    expect(deleted.body.message).toBe(Messages.groupDeleted);
    expect((await t.call('GET', `/api/v1/group/${empty.id}`, { token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/v1/group/999999?confirmation=x', { token })).status).toBe(404);
  });

  test('a property whose pet owners moved out can be deleted', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const place = await makeGroup(t.database.db, {
      parentId: sunbelt.id,
      groupType: GroupTypes.Property,
      name: 'Moved Place',
    });
    await makePetOwner(t.database.db, { groupId: place.id });
    const token = await t.login('lab.admin');
    expect(
      (await t.call('DELETE', `/api/v1/group/${place.id}?confirmation=Moved%20Place`, { token })).body.exceptionMessage,
    ).toBe(Messages.groupHasPetOwners);
    await t.database.db
      .update(petOwnerGroups)
      .set({ moveOutDate: new Date() })
      .where(eq(petOwnerGroups.groupId, place.id));
    expect((await t.call('DELETE', `/api/v1/group/${place.id}?confirmation=Moved%20Place`, { token })).status).toBe(
      200,
    );
  });
});

describe('activate and deactivate', () => {
  test('only parentage groups and properties; the state flips and is audited', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const token = await t.login('firm.manager');
    expect((await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { GroupId: maple.id } })).status).toBe(
      200,
    );
    expect((await groupByName(t.database.db, 'Maple Court')).isActive).toBe(false);
    expect(
      (await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { groupId: maple.id } })).body
        .exceptionMessage,
    ).toBe(Messages.groupAlreadyInactive);
    expect((await t.call('POST', '/api/v1/group/activategroup', { token, body: { groupId: maple.id } })).status).toBe(
      200,
    );
    expect((await groupByName(t.database.db, 'Maple Court')).isActive).toBe(true);
    expect(
      (await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { groupId: harbor.id } })).body
        .exceptionMessage,
    ).toBe(Messages.onlyPetOwnerGroupsDeactivate);
    expect((await t.call('POST', '/api/v1/group/deactivategroup', { token, body: {} })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { groupId: 'x' } })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { groupId: 999999 } })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('POST', '/api/v1/group/deactivategroup', {
          token: await t.login(other.distributor.userName),
          body: { groupId: maple.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/v1/group/deactivategroup', {
          token: await t.login('pet.owner'),
          body: { groupId: maple.id },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/v1/group/deactivategroup', { body: { groupId: maple.id } })).status).toBe(401);
    expect((await groupByName(t.database.db, 'Maple Court')).isActive).toBe(true);
  });
});

describe('certificate customization and pre-registration link', () => {
  test('reads and saves the certificate fields with length checks', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('property.manager');
    expect((await t.call('GET', `/api/v1/certificatecustomization/${oak.id}`, { token })).body).toMatchObject({
      certificateTitle: null,
      certificateShowLogo: true,
    });
    const body = {
      certificateTitle: 'Oak Ridge DNA',
      certificateSignatureName: 'Priya Shah',
      certificateFooterText: 'Thank you',
      certificateShowLogo: false,
    };
    const saved = await t.call('PUT', `/api/v1/certificatecustomization/${oak.id}`, { token, body });
    expect(saved.body).toMatchObject(body);
    const tooLong = await t.call('PUT', `/api/v1/certificatecustomization/${oak.id}`, {
      token,
      body: { ...body, certificateTitle: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.modelState.certificateTitle).toBeDefined();
    expect((await groupByName(t.database.db, 'Oak Ridge Apartments')).certificateTitle).toBe('Oak Ridge DNA');
    expect(
      (
        await t.call('PUT', `/api/v1/certificatecustomization/${oak.id}`, {
          token: await t.login(other.distributor.userName),
          body,
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/v1/certificatecustomization/${oak.id}`)).status).toBe(401);
  });

  test('the link of a property; other groups have none', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const token = await t.login('property.manager');
    expect((await t.call('GET', `/api/v1/group/${oak.id}/preregistrationlink`, { token })).body).toEqual({
      groupId: oak.id,
      code: 'OAKRIDGE',
      link: 'http://registry.test/reg/OAKRIDGE',
    });
    expect(
      (await t.call('GET', `/api/v1/group/${harbor.id}/preregistrationlink`, { token: await t.login('firm.manager') }))
        .body.exceptionMessage,
    ).toBe(Messages.noPreRegistrationLink);
    expect(
      (
        await t.call('GET', `/api/v1/group/${oak.id}/preregistrationlink`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
  });
});

describe('adjacent property agreements', () => {
  test('add, list both ways, list under a group, remove; with the pair rules', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const maple = await groupByName(t.database.db, 'Maple Court');
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const token = await t.login('firm.manager');
    const added = await t.call('PUT', '/api/v1/property/addadjacentproperty', {
      token,
      body: { propertyId: maple.id, adjacentPropertyId: oak.id },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([{ id: oak.id, name: 'Oak Ridge Apartments' }]);
    expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token })).body.adjacentProperties).toEqual([
      { id: maple.id, name: 'Maple Court' },
    ]);
    const under = await t.call('GET', `/api/v1/group/getadjacentpropertyagreementsundergroup/${harbor.id}`, { token });
    expect(under.body).toEqual(
      [
        {
          propertyId: oak.id,
          propertyName: 'Oak Ridge Apartments',
          adjacentPropertyId: maple.id,
          adjacentPropertyName: 'Maple Court',
        },
      ].map((row) =>
        oak.id < maple.id
          ? row
          : {
              propertyId: maple.id,
              propertyName: 'Maple Court',
              adjacentPropertyId: oak.id,
              adjacentPropertyName: 'Oak Ridge Apartments',
            },
      ),
    );
    const refusals: [object, string][] = [
      [{ propertyId: oak.id, adjacentPropertyId: maple.id }, Messages.adjacentAlreadyExists],
      [{ propertyId: oak.id, adjacentPropertyId: oak.id }, Messages.adjacentToItself],
      [{ propertyId: oak.id, adjacentPropertyId: harbor.id }, Messages.adjacentNeedsProperties],
    ];
    for (const [body, message] of refusals)
      expect((await t.call('PUT', '/api/v1/property/addadjacentproperty', { token, body })).body.exceptionMessage).toBe(
        message,
      );
    expect(
      (
        await t.call('PUT', '/api/v1/property/addadjacentproperty', {
          token,
          body: { propertyId: oak.id, adjacentPropertyId: other.property.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('PUT', '/api/v1/property/addadjacentproperty', { token, body: { propertyId: oak.id } })).status,
    ).toBe(400);
    expect(await t.database.db.select().from(adjacentProperties)).toHaveLength(1);
    const removed = await t.call('PUT', '/api/v1/property/removeadjacentproperty', {
      token,
      body: { propertyId: oak.id, adjacentPropertyId: maple.id },
    });
    expect(removed.body).toEqual([]);
    expect(
      (
        await t.call('PUT', '/api/v1/property/removeadjacentproperty', {
          token,
          body: { propertyId: oak.id, adjacentPropertyId: maple.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', '/api/v1/property/removeadjacentproperty', {
          token: await t.login('pet.owner'),
          body: { propertyId: oak.id, adjacentPropertyId: maple.id },
        })
      ).status,
    ).toBe(403);
  });
});
