// Adding groups (per-type calls, allowed child types, primary and additional admins, welcome mails, pre-registration
// codes), the group-requested notice, and creating an admin on a group.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { GroupTypes, Messages, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeOtherDistributorship, makePetOwner, userByName } from '../../../test/factories.ts';
import { groupAdmins, groups, users } from '../../db/schema/index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const snapshot = async () => ({
  groups: await t.database.db.select().from(groups).orderBy(asc(groups.id)),
  users: (await t.database.db.select({ total: count() }).from(users))[0].total,
});
const newAdmin = (name: string, role: number = UserRole.PropertyManager) => ({
  firstName: 'New',
  lastName: name,
  email: `${name}@test.example`,
  role,
});

describe('POST per-type group calls', () => {
  test('a distributor adds a property with a new primary admin; the admin gets a welcome mail and the property a code', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const token = await t.login('distributor');
    const response = await t.call('POST', '/api/v1/property', {
      token,
      body: {
        parentId: sunbelt.id,
        name: 'Cedar Flats',
        numberOfUnits: 120,
        propertyAddress: { city: 'Austin', stateId: 'US-TX', countryId: 'US' },
        primaryAdminToBeCreated: newAdmin('cedar.manager'),
        additionalAdminsToBeCreated: [newAdmin('cedar.helper', UserRole.PropertyMaintenance)],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Cedar Flats',
      groupType: GroupTypes.Property,
      parentId: sunbelt.id,
      numberOfUnits: 120,
      isActive: true,
    });
    expect(response.body.propertyPreRegisterCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(response.body.preRegistrationLink).toBe(`http://registry.test/reg/${response.body.propertyPreRegisterCode}`);
    const created = await groupByName(t.database.db, 'Cedar Flats');
    expect(created.path).toBe(`${sunbelt.path}${created.id}/`);
    const admins = await t.call('GET', `/api/v1/groupadmin/${created.id}`, { token });
    expect(
      admins.body.admins.map((admin: { userName: string; isPrimaryAdmin: boolean }) => [
        admin.userName,
        admin.isPrimaryAdmin,
      ]),
    ).toEqual([
      ['cedar.helper@test.example', false],
      ['cedar.manager@test.example', true],
    ]);
    const mail = await t.smtp.waitFor((message) => message.to.includes('cedar.manager@test.example'));
    expect(mail.subject).toContain('Welcome');
    expect(mail.text).toContain('Cedar Flats');
  });

  test('inherit the parent primary admin, or pick an existing admin, plus existing additional admins', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const distributor = await userByName(t.database.db, 'distributor');
    const token = await t.login('lab.admin');
    const inherited = await t.call('POST', '/api/v1/managementgroup', {
      token,
      body: { parentId: sunbelt.id, name: 'Inherited MG', inheritPrimaryAdminFromParent: true },
    });
    expect(inherited.status).toBe(200);
    expect(inherited.body.propertyPreRegisterCode).toBeNull();
    const inheritedAdmins = await t.call('GET', `/api/v1/groupadmin/${inherited.body.id}`, { token });
    expect(inheritedAdmins.body.admins).toEqual([
      expect.objectContaining({ id: distributor.id, isPrimaryAdmin: true, isInherited: false }),
    ]);

    const helper = await makeAdmin(t.database.db, { roleId: UserRole.ParentageManager, groupId: sunbelt.id });
    const picked = await t.call('POST', '/api/v1/parentagegroup', {
      token,
      body: {
        parentId: inherited.body.id,
        name: 'Picked PG',
        selectedPrimaryAdminId: helper.id,
        additionalAdminsFromExisting: [distributor.id],
      },
    });
    expect(picked.status).toBe(200);
    const pickedAdmins = await t.call('GET', `/api/v1/groupadmin/${picked.body.id}`, { token });
    expect(
      pickedAdmins.body.admins
        .map((admin: { id: number; isPrimaryAdmin: boolean }) => [admin.id, admin.isPrimaryAdmin])
        .sort(),
    ).toEqual(
      [
        [distributor.id, false],
        [helper.id, true],
      ].sort(),
    );
  });

  test('the child type must suit the parent, and the path must name the type', async () => {
    const token = await t.login('lab.admin');
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const dmg = await groupByName(t.database.db, 'Coastal Distribution Partners');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const before = await snapshot();
    const cases: [string, number, string][] = [
      ['/api/v1/property', root.id, Messages.childTypeNotAllowed('Property', 'Hierarchy Root')],
      ['/api/v1/managementgroup', harbor.id, Messages.childTypeNotAllowed('Management Group', 'Management Group')],
      ['/api/v1/property', dmg.id, Messages.childTypeNotAllowed('Property', 'Distributorship Management Group')],
      [
        '/api/v1/distributorshipmanagementgroup',
        dmg.id,
        Messages.childTypeNotAllowed('Distributorship Management Group', 'Distributorship Management Group'),
      ],
      ['/api/v1/parentagegroup', oak.id, Messages.childTypeNotAllowed('Parentage Group', 'Property')],
    ];
    for (const [url, parentId, message] of cases) {
      const response = await t.call('POST', url, {
        token,
        body: { parentId, name: 'Nope', primaryAdminToBeCreated: newAdmin(`nope${parentId}`) },
      });
      expect([url, response.status]).toEqual([url, 400]);
      expect([url, response.body.exceptionMessage]).toEqual([url, message]);
    }
    const mismatch = await t.call('POST', '/api/v1/distributor', {
      token,
      body: {
        parentId: root.id,
        groupType: GroupTypes.Property,
        name: 'Nope',
        primaryAdminToBeCreated: newAdmin('nope'),
      },
    });
    expect(mismatch.body.modelState.groupType).toBeDefined();
    expect(await snapshot()).toEqual(before);
    const dist = await t.call('POST', '/api/v1/distributor', {
      token,
      body: {
        parentId: dmg.id,
        name: 'Gulf Distribution',
        primaryAdminToBeCreated: newAdmin('gulf.dist', UserRole.Distributor),
      },
    });
    expect(dist.body.groupType).toBe(GroupTypes.Distributorship);
    const newDmg = await t.call('POST', '/api/v1/distributorshipmanagementgroup', {
      token,
      body: {
        parentId: root.id,
        name: 'Second DMG',
        primaryAdminToBeCreated: newAdmin('second.dmg', UserRole.Distributor),
      },
    });
    expect(newDmg.body.groupType).toBe(GroupTypes.DistributorshipManagementGroup);
  });

  test('bad input and taken emails answer field messages and create nothing', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const token = await t.login('distributor');
    const owner = await makePetOwner(t.database.db);
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ parentId: sunbelt.id, primaryAdminToBeCreated: newAdmin('a1') }, 'name'],
      [{ parentId: sunbelt.id, name: 'x'.repeat(201), primaryAdminToBeCreated: newAdmin('a2') }, 'name'],
      [{ name: 'No parent', primaryAdminToBeCreated: newAdmin('a3') }, 'parentId'],
      [{ parentId: sunbelt.id, name: 'No admin' }, 'primaryAdminToBeCreated'],
      [
        { parentId: sunbelt.id, name: 'Bad email', primaryAdminToBeCreated: { ...newAdmin('a4'), email: 'nope' } },
        'primaryAdminToBeCreated.email',
      ],
      [
        {
          parentId: sunbelt.id,
          name: 'Bad role',
          primaryAdminToBeCreated: { ...newAdmin('a5'), role: UserRole.PetOwner },
        },
        'primaryAdminToBeCreated.role',
      ],
      [
        {
          parentId: sunbelt.id,
          name: 'Owner email',
          primaryAdminToBeCreated: { ...newAdmin('a6'), email: owner.email },
        },
        'primaryAdminToBeCreated.email',
      ],
      [
        {
          parentId: sunbelt.id,
          name: 'Admin email',
          primaryAdminToBeCreated: { ...newAdmin('a7'), email: 'firm.manager@registry.example' },
        },
        'primaryAdminToBeCreated.email',
      ],
      [
        { parentId: sunbelt.id, name: 'Bad units', numberOfUnits: -5, primaryAdminToBeCreated: newAdmin('a8') },
        'numberOfUnits',
      ],
      [
        {
          parentId: sunbelt.id,
          name: 'Bad state',
          propertyAddress: { countryId: 'US', stateId: 'US-ZZ' },
          primaryAdminToBeCreated: newAdmin('a9'),
        },
        'propertyAddress.stateId',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await t.call('POST', '/api/v1/property', { token, body });
      expect([field, response.status]).toEqual([field, 400]);
      expect([field, Object.keys(response.body.modelState).includes(field)]).toEqual([field, true]);
    }
    const ownerEmail = await t.call('POST', '/api/v1/property', { token, body: cases[6][0] });
    expect(ownerEmail.body.modelState['primaryAdminToBeCreated.email']).toEqual([
      Messages.emailAssignedToPetOwner(owner.email!),
    ]);
    expect(
      (
        await t.call('POST', '/api/v1/property', {
          token,
          body: { parentId: 999999, name: 'Unknown', primaryAdminToBeCreated: newAdmin('a10') },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/v1/property', {
          token,
          body: { parentId: other.distributorship.id, name: 'Outside', primaryAdminToBeCreated: newAdmin('a11') },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/v1/property', {
          token: await t.login('pet.owner'),
          body: { parentId: sunbelt.id, name: 'Owner', primaryAdminToBeCreated: newAdmin('a12') },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('POST', '/api/v1/property', {
          body: { parentId: sunbelt.id, name: 'Anon', primaryAdminToBeCreated: newAdmin('a13') },
        })
      ).status,
    ).toBe(401);
    const provider = await t.call('POST', '/api/v1/property', {
      token,
      body: {
        parentId: sunbelt.id,
        name: 'Staff role',
        primaryAdminToBeCreated: newAdmin('a14', UserRole.BioPetLabAdmin),
      },
    });
    expect(provider.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST per-type group calls: additional new admins', () => {
  test('each additional new admin is created in the group with the primary and gets a welcome mail', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const token = await t.login('firm.manager');
    const response = await t.call('POST', '/api/v1/property', {
      token,
      body: {
        parentId: harbor.id,
        name: 'Birch Commons',
        primaryAdminToBeCreated: newAdmin('birch.manager'),
        additionalAdminsToBeCreated: [
          newAdmin('birch.night', UserRole.PropertyMaintenance),
          { ...newAdmin('birch.office'), userName: 'birch.office', phoneNumber: '555-0101' },
        ],
      },
    });
    expect(response.status).toBe(200);
    const admins = await t.call('GET', `/api/v1/groupadmin/${response.body.id}`, { token });
    expect(
      admins.body.admins.map((admin: { userName: string; role: string; isPrimaryAdmin: boolean }) => [
        admin.userName,
        admin.role,
        admin.isPrimaryAdmin,
      ]),
    ).toEqual([
      ['birch.manager@test.example', 'PropertyManager', true],
      ['birch.night@test.example', 'PropertyMaintenance', false],
      ['birch.office', 'PropertyManager', false],
    ]);
    for (const [address, userName] of [
      ['birch.manager@test.example', 'birch.manager@test.example'],
      ['birch.night@test.example', 'birch.night@test.example'],
      ['birch.office@test.example', 'birch.office'],
    ]) {
      const mail = await t.smtp.waitFor((message) => message.to.includes(address));
      expect(mail.subject).toContain('Welcome');
      expect(mail.text).toContain('Birch Commons');
      expect(mail.text).toContain(`Your user name is ${userName}`);
    }
  });

  test('bad additional admins answer field messages; a pet owner email is refused; an admin email is offered for adding', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const firm = await userByName(t.database.db, 'firm.manager');
    const owner = await makePetOwner(t.database.db);
    const token = await t.login('distributor');
    const property = (...additionalAdminsToBeCreated: object[]) => ({
      parentId: sunbelt.id,
      name: 'Aspen Row',
      primaryAdminToBeCreated: newAdmin('aspen.manager'),
      additionalAdminsToBeCreated,
    });
    const before = await snapshot();
    const mailsBefore = t.smtp.messages.length;
    const cases: [object, string][] = [
      [property({ ...newAdmin('b1'), firstName: ' ' }), 'additionalAdminsToBeCreated.0.firstName'],
      [property(newAdmin('b2'), { ...newAdmin('b3'), email: 'not-an-email' }), 'additionalAdminsToBeCreated.1.email'],
      [property({ ...newAdmin('b4'), role: UserRole.PetOwner }), 'additionalAdminsToBeCreated.0.role'],
      [property(newAdmin('aspen.manager')), 'additionalAdminsToBeCreated.0.email'],
      [property(newAdmin('b5'), newAdmin('b5')), 'additionalAdminsToBeCreated.1.email'],
      [property({ ...newAdmin('b6'), email: owner.email }), 'additionalAdminsToBeCreated.0.email'],
      [
        property(newAdmin('b7'), { ...newAdmin('b8'), email: 'FIRM.MANAGER@registry.example' }),
        'additionalAdminsToBeCreated.1.email',
      ],
      [property({ ...newAdmin('b9'), email: other.distributor.email }), 'additionalAdminsToBeCreated.0.email'],
    ];
    for (const [body, field] of cases) {
      const response = await t.call('POST', '/api/v1/property', { token, body });
      expect([field, response.status]).toEqual([field, 400]);
      expect([field, Object.keys(response.body.modelState)]).toEqual([field, [field]]);
    }
    const refused = await t.call('POST', '/api/v1/property', { token, body: cases[5][0] });
    expect(refused.body.modelState['additionalAdminsToBeCreated.0.email']).toEqual([
      Messages.emailAssignedToPetOwner(owner.email!),
    ]);
    expect(refused.body.existingUserId).toBeUndefined();
    const offered = await t.call('POST', '/api/v1/property', { token, body: cases[6][0] });
    expect(offered.body).toMatchObject({
      isEmailAlreadyAssignedToAdmin: true,
      existingUserId: firm.id,
      existingUserFullName: 'Fiona Reyes',
      email: 'FIRM.MANAGER@registry.example',
      field: 'additionalAdminsToBeCreated.1',
    });
    // An admin outside the caller's groups is not offered: the caller could not assign them.
    const outside = await t.call('POST', '/api/v1/property', { token, body: cases[7][0] });
    expect(outside.body.existingUserId).toBeUndefined();
    const staffRole = await t.call('POST', '/api/v1/property', {
      token,
      body: property(newAdmin('b10', UserRole.BioPetOfficeAdmin)),
    });
    expect(staffRole.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(t.smtp.messages.length).toBe(mailsBefore);

    // Taking the offer: the admin moves from the new admins to the existing ones.
    const accepted = await t.call('POST', '/api/v1/property', {
      token,
      body: { ...property(newAdmin('b7')), additionalAdminsFromExisting: [firm.id] },
    });
    expect(accepted.status).toBe(200);
    const admins = await t.call('GET', `/api/v1/groupadmin/${accepted.body.id}`, { token });
    expect(admins.body.admins.map((admin: { id: number }) => admin.id)).toContain(firm.id);
    expect(admins.body.admins).toHaveLength(3);
  });
});

describe('POST /groupadmin/grouprequested/{id}', () => {
  test('mails the provider staff and records the notice', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const response = await t.call('POST', `/api/v1/groupadmin/grouprequested/${oak.id}`, {
      token: await t.login('firm.manager'),
    });
    expect(response.status).toBe(200);
    const mail = await t.smtp.waitFor((message) => message.subject.includes('Oak Ridge Apartments'));
    expect(mail.to).toContain('lab.admin@registry.example');
    expect(mail.text).toContain('Fiona Reyes');
    const audit = await t.call('GET', '/api/v1/auditlog?entityType=Group&actionType=GroupRequested', {
      token: await t.login('lab.admin'),
    });
    expect(audit.body.data[0].entityId).toBe(String(oak.id));
    expect(
      (
        await t.call('POST', `/api/v1/groupadmin/grouprequested/${oak.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/groupadmin/grouprequested/999999', { token: await t.login('lab.admin') })).status,
    ).toBe(404);
  });
});

describe('POST /groupadmin/{id}/createadmin', () => {
  test('creates and mails a new admin; an admin email is offered for adding; a pet owner email is refused', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('firm.manager');
    const created = await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
      token,
      body: { ...newAdmin('maple.manager'), userName: 'maple.manager' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      isEmailAlreadyExists: false,
      admin: { userName: 'maple.manager', isPrimaryAdmin: true, role: 'PropertyManager' },
    });
    await t.smtp.waitFor((message) => message.to.includes('maple.manager@test.example'));

    const firm = await userByName(t.database.db, 'firm.manager');
    const existing = await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
      token,
      body: { ...newAdmin('x'), email: 'FIRM.MANAGER@registry.example' },
    });
    expect(existing.body).toEqual({
      isEmailAlreadyExists: true,
      isEmailAlreadyAssignedToAdmin: true,
      existingUserFullName: 'Fiona Reyes',
      existingUserId: firm.id,
      admin: null,
    });
    expect(Messages.emailBelongsToAdmin('firm.manager@registry.example', 'Fiona Reyes')).toBe(
      "Email 'firm.manager@registry.example' belongs to Admin 'Fiona Reyes'. Would you like to add them as an admin to this group?",
    );

    const owner = await makePetOwner(t.database.db);
    const before = await snapshot();
    const refused = await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
      token,
      body: { ...newAdmin('y'), email: owner.email },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe(`Email '${owner.email}' is already assigned to a Pet Owner.`);
    expect(
      (
        await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
          token,
          body: { ...newAdmin('z'), firstName: '' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
          token: await t.login(other.distributor.userName),
          body: newAdmin('w'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/v1/groupadmin/${maple.id}/createadmin`, {
          token: await t.login('property.maintenance'),
          body: newAdmin('v'),
        })
      ).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/v1/groupadmin/999999/createadmin', { token, body: newAdmin('u') })).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
    const assigned = await t.database.db.select().from(groupAdmins).where(eq(groupAdmins.groupId, maple.id));
    expect(assigned).toHaveLength(1);
  });
});
