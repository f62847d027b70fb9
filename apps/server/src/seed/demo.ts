// Demo data made by code on an empty database: a small hierarchy, one admin of every role, pet owners with dogs,
// residents awaiting approval and the pre-registration documents. The sign-in names are fixed: guides and checks rely on them.
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import {
  FeatureName,
  GroupTypes,
  PetSpecies,
  PromotionCodeKind,
  RegistrationStatus,
  SampleCustomerStatus,
  UserRole,
  Gender,
} from '@registry/contracts';
import type { Db } from '../db/client.ts';
import {
  documentVersions,
  documents,
  features,
  groupAdmins,
  groupFeatures,
  petOwnerAgreements,
  petOwnerGroups,
  petOwnerPromotionCodes,
  products,
  shopEnabledCountries,
  pets,
  preRegisteredDogs,
  preRegisteredResidents,
  users,
  wasteSamples,
} from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import { writeAudit } from '../platform/audit.ts';
import { insertGroup } from '../modules/groups/groups.queries.ts';

export const DEMO_ADMINS = [
  { userName: 'lab.admin', roleId: UserRole.BioPetLabAdmin, firstName: 'Lena', lastName: 'Marsh', group: 'root' },
  {
    userName: 'service.admin',
    roleId: UserRole.BioPetCustomerServiceAdmin,
    firstName: 'Sam',
    lastName: 'Ortiz',
    group: 'root',
  },
  {
    userName: 'office.admin',
    roleId: UserRole.BioPetOfficeAdmin,
    firstName: 'Olivia',
    lastName: 'Chen',
    group: 'root',
  },
  {
    userName: 'distributor',
    roleId: UserRole.Distributor,
    firstName: 'Dale',
    lastName: 'Porter',
    group: 'distributorship',
  },
  {
    userName: 'firm.manager',
    roleId: UserRole.ManagementFirmManager,
    firstName: 'Fiona',
    lastName: 'Reyes',
    group: 'managementGroup',
  },
  {
    userName: 'parentage.manager',
    roleId: UserRole.ParentageManager,
    firstName: 'Paul',
    lastName: 'Nguyen',
    group: 'parentageGroup',
  },
  {
    userName: 'property.manager',
    roleId: UserRole.PropertyManager,
    firstName: 'Priya',
    lastName: 'Shah',
    group: 'oakRidge',
  },
  {
    userName: 'property.maintenance',
    roleId: UserRole.PropertyMaintenance,
    firstName: 'Marco',
    lastName: 'Diaz',
    group: 'oakRidge',
  },
] as const;
export const DEMO_PET_OWNER = 'pet.owner';
export const DEMO_RESIDENT = 'RES0000001';

const PRE_REGISTRATION_DOCUMENTS = [
  {
    name: 'Dog Owner Policy',
    content:
      '<h3>Dog Owner Policy</h3><p>Every dog living on the property is registered with a DNA sample. Owners pick up after their dogs; waste left behind is tested and matched to the registered dog, and the property may charge the fines set in the lease.</p>',
  },
  {
    name: 'Other Species Policy',
    content:
      '<h3>Other Species Policy</h3><p>Residents keeping cats, birds, rodents, reptiles or other animals declare them at registration and keep them under control in common areas.</p>',
  },
  {
    name: 'No Pets Representation',
    content:
      '<h3>No Pets Representation</h3><p>I represent that no pets live in my unit, and that I will register any pet before it moves in.</p>',
  },
  {
    name: 'Service Animal Agreement',
    content:
      '<h3>Service Animal Agreement</h3><p>I represent that my service or emotional support animal is registered as such, and that it is registered with a DNA sample like any other dog on the property.</p>',
  },
];

const DEMO_PASSWORD_FILE = 'demo-password.txt';

/** Keeps a generated demo password where only this machine's user can read it; answers the file's path. */
export function writeDemoPasswordFile(dataDir: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(users);
  return total === 0;
}

export async function seedDemoData(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // The features themselves are reference data, written by every migrate (db/reference-data.ts).
    const [ancestry] = await tx.select().from(features).where(eq(features.name, FeatureName.Ancestry));

    const address = (line1: string, city: string, state: string, postalCode: string) => ({
      addressLine1: line1,
      addressLine2: null,
      addressLine3: null,
      city,
      stateId: `US-${state}`,
      countryId: 'US',
      postalCode,
    });
    const root = await insertGroup(tx, {
      name: 'PetDNA Registry',
      groupType: GroupTypes.HierarchyRoot,
      parentId: null,
    });
    const dmg = await insertGroup(tx, {
      name: 'Coastal Distribution Partners',
      groupType: GroupTypes.DistributorshipManagementGroup,
      parentId: root.id,
    });
    const distributorship = await insertGroup(tx, {
      name: 'Sunbelt Pet Services',
      groupType: GroupTypes.Distributorship,
      parentId: dmg.id,
      email: 'office@sunbeltpets.example',
      phone: '(512) 555-0140',
      mailingAddress: address('1200 Congress Ave', 'Austin', 'TX', '78701'),
    });
    const managementGroup = await insertGroup(tx, {
      name: 'Harbor Property Management',
      groupType: GroupTypes.ManagementGroup,
      parentId: distributorship.id,
      managementCompany: 'Harbor Property Management LLC',
    });
    const oakRidge = await insertGroup(tx, {
      name: 'Oak Ridge Apartments',
      groupType: GroupTypes.Property,
      parentId: managementGroup.id,
      propertyPreRegisterCode: 'OAKRIDGE',
      numberOfUnits: 240,
      propertyAddress: address('4500 Oak Ridge Dr', 'Austin', 'TX', '78745'),
      propertyDnBarcodeCount: 40,
      propertyTdBarcodeCount: 25,
      propertyDnBarcodeThreshold: 20,
      propertyTdBarcodeThreshold: 30,
    });
    const mapleCourt = await insertGroup(tx, {
      name: 'Maple Court',
      groupType: GroupTypes.Property,
      parentId: managementGroup.id,
      propertyPreRegisterCode: 'MAPLECT',
      numberOfUnits: 96,
      propertyAddress: address('88 Maple Ct', 'Round Rock', 'TX', '78664'),
    });
    const parentageGroup = await insertGroup(tx, {
      name: 'Lone Star Breeders Club',
      groupType: GroupTypes.ParentageGroup,
      parentId: distributorship.id,
    });
    await tx.insert(groupFeatures).values({ groupId: oakRidge.id, featureId: ancestry.id });

    const groupOf = { root, distributorship, managementGroup, parentageGroup, oakRidge } as const;
    for (const admin of DEMO_ADMINS) {
      const [row] = await tx
        .insert(users)
        .values({
          userName: admin.userName,
          firstName: admin.firstName,
          lastName: admin.lastName,
          email: `${admin.userName}@registry.example`,
          roleId: admin.roleId,
          passwordHash,
          securityQuestion: 'Name of your first pet?',
          securityQuestionAnswer: 'Biscuit',
        })
        .returning();
      const group = groupOf[admin.group];
      await tx.insert(groupAdmins).values({
        groupId: group.id,
        userId: row.id,
        isPrimary:
          admin.roleId !== UserRole.PropertyMaintenance &&
          admin.userName !== 'service.admin' &&
          admin.userName !== 'office.admin',
      });
    }

    const owners = [
      {
        userName: DEMO_PET_OWNER,
        firstName: 'Jordan',
        lastName: 'Blake',
        group: oakRidge,
        dogs: [
          ['Biscuit', 'Labrador Retriever', Gender.Male],
          ['Pepper', 'Border Collie', Gender.Female],
        ],
      },
      {
        userName: 'avery.kim',
        firstName: 'Avery',
        lastName: 'Kim',
        group: oakRidge,
        dogs: [['Milo', 'Beagle', Gender.Male]],
      },
      {
        userName: 'casey.morgan',
        firstName: 'Casey',
        lastName: 'Morgan',
        group: mapleCourt,
        dogs: [
          ['Luna', 'German Shepherd', Gender.Female],
          ['Rocky', 'Boxer', Gender.Male],
        ],
      },
      {
        userName: 'riley.hart',
        firstName: 'Riley',
        lastName: 'Hart',
        group: parentageGroup,
        dogs: [['Duchess', 'Golden Retriever', Gender.Female]],
      },
    ] as const;
    let sampleSerial = 1000001;
    for (const owner of owners) {
      const [row] = await tx
        .insert(users)
        .values({
          userName: owner.userName,
          firstName: owner.firstName,
          lastName: owner.lastName,
          email: `${owner.userName}@mail.example`,
          roleId: UserRole.PetOwner,
          passwordHash,
          dateApproved: new Date(),
        })
        .returning();
      await tx.insert(petOwnerGroups).values({ petOwnerId: row.id, groupId: owner.group.id });
      for (const [name, breed, gender] of owner.dogs) {
        const received = sampleSerial % 2 === 0;
        await tx.insert(pets).values({
          petOwnerId: row.id,
          name,
          breed,
          gender,
          sampleNumber: `DN${sampleSerial++}`,
          customerFacingStatus: received ? SampleCustomerStatus.DnaSampleReceived : SampleCustomerStatus.ProfileCreated,
          isParentage: owner.group === parentageGroup,
          isPooPrints: owner.group !== parentageGroup,
        });
      }
    }

    // Orphans: pets whose owner is gone, for the orphans tool (attach one to an owner).
    await tx.insert(pets).values([
      { petOwnerId: null, name: 'Scout', breed: 'Mixed', sampleNumber: 'DN1009001' },
      {
        petOwnerId: null,
        name: 'Ziggy',
        breed: 'Terrier',
        sampleNumber: 'DN1009002',
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
      },
    ]);

    // One resident has a sign-in (RES…) and lands on the resident page; the others await approval.
    const [residentUser] = await tx
      .insert(users)
      .values({
        userName: DEMO_RESIDENT,
        firstName: 'Taylor',
        lastName: 'Reed',
        email: 'taylor.reed@mail.example',
        roleId: UserRole.PetOwner,
        passwordHash,
      })
      .returning();
    const residents = [
      {
        firstName: 'Taylor',
        lastName: 'Reed',
        userId: residentUser.id,
        petSpecies: PetSpecies.Dog,
        hasDogs: true,
        dogs: ['Scout'],
      },
      {
        firstName: 'Morgan',
        lastName: 'Lee',
        userId: null,
        petSpecies: PetSpecies.Dog,
        hasDogs: true,
        dogs: ['Bella', 'Max'],
      },
      { firstName: 'Jamie', lastName: 'Fox', userId: null, petSpecies: PetSpecies.Cat, hasDogs: false, dogs: [] },
      { firstName: 'Drew', lastName: 'Parker', userId: null, petSpecies: PetSpecies.None, hasDogs: false, dogs: [] },
    ];
    for (const [index, resident] of residents.entries()) {
      const [row] = await tx
        .insert(preRegisteredResidents)
        .values({
          groupId: oakRidge.id,
          userId: resident.userId,
          firstName: resident.firstName,
          lastName: resident.lastName,
          email: `${resident.firstName.toLowerCase()}.${resident.lastName.toLowerCase()}@mail.example`,
          unitNumber: String(101 + index * 12),
          petSpecies: resident.petSpecies,
          hasDogs: resident.hasDogs,
          hasOtherPets: !resident.hasDogs && resident.petSpecies !== PetSpecies.None,
          dogOwnerPolicyAttested: resident.hasDogs,
          status: RegistrationStatus.PendingApproval,
        })
        .returning();
      for (const name of resident.dogs) await tx.insert(preRegisteredDogs).values({ residentId: row.id, name });
    }

    // Waste samples for the entry screens and the dashboard: two entered at Oak Ridge (one received), one at Maple Court.
    await tx.insert(wasteSamples).values([
      {
        sampleNumber: 'TD0100001',
        propertyId: oakRidge.id,
        collectedByName: 'Marco Diaz',
        dateCollected: '2026-01-12',
      },
      {
        sampleNumber: 'TD0100002',
        propertyId: oakRidge.id,
        collectedByName: 'Marco Diaz',
        dateCollected: '2026-01-14',
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
        dateReceived: new Date('2026-01-16T15:00:00Z'),
      },
      { sampleNumber: 'TDI0100003', propertyId: mapleCourt.id, collectionLocationNotes: 'Near the mailboxes' },
    ]);

    for (const document of PRE_REGISTRATION_DOCUMENTS) {
      const [row] = await tx.insert(documents).values({ name: document.name }).returning();
      await tx.insert(documentVersions).values({ documentId: row.id, version: 1, content: document.content });
    }
    // The demo owner's promotion codes and the dog owner policy they agreed to at their property.
    const [demoOwner] = await tx.select().from(users).where(eq(users.userName, DEMO_PET_OWNER));
    const [{ versionId }] = await tx
      .select({ versionId: documentVersions.id })
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(eq(documents.name, PRE_REGISTRATION_DOCUMENTS[0].name));
    await tx
      .insert(petOwnerAgreements)
      .values({ petOwnerId: demoOwner.id, groupId: oakRidge.id, documentVersionId: versionId });
    await tx.insert(petOwnerPromotionCodes).values([
      { petOwnerId: demoOwner.id, kind: PromotionCodeKind.Retail, code: 'PETSHOP-20-JBLAKE' },
      { petOwnerId: demoOwner.id, kind: PromotionCodeKind.Collar, code: 'COLLAR-15-JBLAKE' },
    ]);
    // The shop: one ancestry kit and one non-ancestry product, sold in the US.
    await tx.insert(products).values([
      { sku: 'ANC-DOG-KIT', name: 'Dog Ancestry DNA Kit', listPriceCents: 12900, priceCents: 9900, taxable: true },
      { sku: 'TAG-QR', name: 'QR Pet Tag', priceCents: 1500, taxable: true },
    ]);
    await tx.insert(shopEnabledCountries).values({ countryId: 'US' });
    await writeAudit(
      tx,
      { caller: null, requestId: 'seed' },
      {
        entityType: 'Database',
        entityId: null,
        actionType: 'SeedDemoData',
        after: { groups: 7, admins: DEMO_ADMINS.length, petOwners: owners.length, residents: residents.length },
      },
    );
  });
}
