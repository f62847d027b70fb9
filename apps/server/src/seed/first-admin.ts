// The first lab administrator of an empty database: the hierarchy root (made when missing) and one BioPetLabAdmin on it,
// so a production install never needs demo data.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { GroupTypes, UserRole, adminRoles, passwordProblems, DEFAULT_PASSWORD_RULES } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { groupAdmins, groups, users } from '../db/schema/index.ts';
import { insertGroup } from '../modules/groups/groups.queries.ts';
import { writeAudit } from '../platform/audit.ts';
import { hashPassword } from '../platform/passwords.ts';

export type FirstAdminInput = {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  rootName: string;
};

/** A problem with the input or the database, said so the operator can fix it. */
export class FirstAdminError extends Error {}

function firstAdminProblems(input: FirstAdminInput): string[] {
  const problems: string[] = [];
  if (!/^[A-Za-z0-9._@-]{3,50}$/.test(input.userName))
    problems.push('The user name must be 3 to 50 letters, digits, dots, hyphens, underscores or @.');
  if (!input.firstName.trim() || input.firstName.length > 100)
    problems.push('The first name is required (at most 100 characters).');
  if (!input.lastName.trim() || input.lastName.length > 100)
    problems.push('The last name is required (at most 100 characters).');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email) || input.email.length > 256)
    problems.push('The email must be an email address.');
  for (const problem of passwordProblems(input.password, DEFAULT_PASSWORD_RULES)) problems.push(problem.message);
  return problems;
}

export async function createFirstAdmin(
  db: Db,
  input: FirstAdminInput,
): Promise<{ userId: number; rootGroupId: number }> {
  const problems = firstAdminProblems(input);
  if (problems.length) throw new FirstAdminError(problems.join(' '));
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.roleId, [...adminRoles]))
      .limit(1);
    if (existing)
      throw new FirstAdminError('This database already has administrators: sign in as one of them to create more.');
    const [root] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.groupType, GroupTypes.HierarchyRoot), isNull(groups.parentId)))
      .limit(1);
    const rootGroup =
      root ?? (await insertGroup(tx, { name: input.rootName, groupType: GroupTypes.HierarchyRoot, parentId: null }));
    const [user] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email,
        roleId: UserRole.BioPetLabAdmin,
        passwordHash,
      })
      .returning();
    await tx.insert(groupAdmins).values({ groupId: rootGroup.id, userId: user.id, isPrimary: true });
    await writeAudit(
      tx,
      { caller: null, requestId: 'create-admin' },
      {
        entityType: 'User',
        entityId: user.id,
        actionType: 'Create',
        after: { userName: user.userName, roleId: user.roleId, groupId: rootGroup.id },
      },
    );
    return { userId: user.id, rootGroupId: rootGroup.id };
  });
}
