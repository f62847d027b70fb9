// Test data built through the same inserts the product uses; every factory takes the database and returns what it made.
import { eq, sql } from 'drizzle-orm';
import { GroupTypes, UserRole } from '@registry/contracts';
import type { Db } from '../src/db/client.ts';
import { groupAdmins, groups, petOwnerGroups, users, wasteSamples } from '../src/db/schema/index.ts';
import { insertGroup } from '../src/modules/groups/groups.queries.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { TEST_PASSWORD } from './harness.ts';

let passwordHash: Promise<string> | null = null;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));
let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;

export async function groupByName(db: Db, name: string) {
  const [row] = await db.select().from(groups).where(eq(groups.name, name));
  if (!row) throw new Error(`No group named ${name}`);
  return row;
}

export async function userByName(db: Db, userName: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  if (!row) throw new Error(`No user named ${userName}`);
  return row;
}

export async function makeGroup(db: Db, options: { parentId: number; groupType: number; name?: string }) {
  return insertGroup(db, {
    name: options.name ?? unique('Group '),
    groupType: options.groupType,
    parentId: options.parentId,
  });
}

/** A second distributorship under the root, with a property beneath it: "another group" for access tests. */
export async function makeOtherDistributorship(db: Db) {
  const [root] = await db
    .select()
    .from(groups)
    .where(sql`${groups.parentId} is null`);
  const distributorship = await makeGroup(db, {
    parentId: root.id,
    groupType: GroupTypes.Distributorship,
    name: unique('Other Distribution '),
  });
  const property = await makeGroup(db, {
    parentId: distributorship.id,
    groupType: GroupTypes.Property,
    name: unique('Other Property '),
  });
  const distributor = await makeAdmin(db, { roleId: UserRole.Distributor, groupId: distributorship.id });
  const propertyManager = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: property.id });
  return { distributorship, property, distributor, propertyManager };
}

export async function makeAdmin(
  db: Db,
  options: {
    roleId: number;
    groupId?: number;
    userName?: string;
    email?: string | null;
    isActive?: boolean;
    isPrimary?: boolean;
  },
) {
  const userName = options.userName ?? unique('admin.');
  const [row] = await db
    .insert(users)
    .values({
      userName,
      firstName: 'Test',
      lastName: userName,
      email: options.email === undefined ? `${userName}@test.example` : options.email,
      roleId: options.roleId,
      isActive: options.isActive ?? true,
      passwordHash: await testPasswordHash(),
    })
    .returning();
  if (options.groupId)
    await db
      .insert(groupAdmins)
      .values({ groupId: options.groupId, userId: row.id, isPrimary: options.isPrimary ?? false });
  return row;
}

export async function makePetOwner(
  db: Db,
  options: { groupId?: number; userName?: string; email?: string | null } = {},
) {
  const userName = options.userName ?? unique('owner.');
  const [row] = await db
    .insert(users)
    .values({
      userName,
      firstName: 'Owner',
      lastName: userName,
      email: options.email === undefined ? `${userName}@test.example` : options.email,
      roleId: UserRole.PetOwner,
      passwordHash: await testPasswordHash(),
    })
    .returning();
  if (options.groupId) await db.insert(petOwnerGroups).values({ petOwnerId: row.id, groupId: options.groupId });
  return row;
}

// From a random start in the upper half of the range, clear of the demo seed's and the tests' own low numbers.
let wasteSampleSerial = 5_000_000 + Math.floor(Math.random() * 4_000_000);
/** A fresh, unused waste sample number (TD and 7 digits). */
export const freshWasteSampleNumber = () => `TD${++wasteSampleSerial}`;

/** A waste sample at ProfileCreated collected on the property. */
export async function makeWasteSample(db: Db, propertyId: number) {
  const [row] = await db
    .insert(wasteSamples)
    .values({ sampleNumber: freshWasteSampleNumber(), propertyId })
    .returning();
  return row;
}
