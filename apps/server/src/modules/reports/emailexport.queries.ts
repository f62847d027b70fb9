// The email export's SQL: active users with an address, filtered by group, address, type, role and creation date, and
// the temporary sign-in links of a batch of them written in one statement (only the tokens' hashes are stored).
import { sql, type SQL } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { Window } from './reports.queries.ts';
import { windowLimitSql } from '../../platform/paging.queries.ts';

export type EmailExportFilter = {
  rootPath?: string;
  countryId?: string;
  stateId?: string;
  assigned?: boolean;
  /** Admin roles to include (none when admins are not asked for). */
  adminRoles: number[];
  /** Registry pet owners (role PetOwner, user name not starting RES). */
  petOwners: boolean;
  /** Residents (role PetOwner, user name starting RES). */
  residents: boolean;
  createdFrom?: Date;
  createdTo?: Date;
};
export type EmailExportDbRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  userName: string;
  roleId: number;
  phoneNumber: string | null;
  countryId: string | null;
  stateId: string | null;
  groups: string | null;
  dateCreated: Date;
};

/** The groups a user belongs to: a pet owner's current memberships, an admin's assignments. */
const userGroups = (
  u: SQL,
) => sql`(select g.id, g.path, g.name from pet_owner_groups pog join groups g on g.id = pog.group_id
    where pog.pet_owner_id = ${u} and pog.move_out_date is null and ${u} is not null
  union select g.id, g.path, g.name from group_admins ga join groups g on g.id = ga.group_id where ga.user_id = ${u})`;

function where(f: EmailExportFilter): SQL {
  const roles = f.adminRoles.length
    ? sql.join(
        f.adminRoles.map((r) => sql`${r}`),
        sql`, `,
      )
    : sql`null`;
  const resident = sql`upper(u.user_name) like 'RES%'`;
  return sql`u.is_active and coalesce(u.email, '') <> ''
    and (u.role_id in (${roles}) or (u.role_id = ${UserRole.PetOwner}
      and ((${f.petOwners}::boolean and not ${resident}) or (${f.residents}::boolean and ${resident}))))
    and (${f.countryId ?? null}::text is null or upper(u.address->>'countryId') = ${f.countryId ?? null}::text)
    and (${f.stateId ?? null}::text is null or upper(u.address->>'stateId') = ${f.stateId ?? null}::text)
    and (${f.createdFrom ?? null}::timestamptz is null or u.date_created >= ${f.createdFrom ?? null}::timestamptz)
    and (${f.createdTo ?? null}::timestamptz is null or u.date_created <= ${f.createdTo ?? null}::timestamptz)
    and (${f.rootPath ?? null}::text is null
      or exists (select 1 from ${userGroups(sql`u.id`)} ug where ug.path like ${`${f.rootPath ?? ''}%`}))
    and (${f.assigned ?? null}::boolean is null
      or exists (select 1 from ${userGroups(sql`u.id`)} ug) = ${f.assigned ?? null}::boolean)`;
}

export const countEmailExport = async (db: Db, f: EmailExportFilter) =>
  Number((await queryRows<{ n: string }>(db, sql`select count(*) n from users u where ${where(f)}`))[0]?.n ?? 0);

const SORTS = sortColumns<SQL>({
  email: sql`lower(u.email)`,
  userName: sql`lower(u.user_name)`,
  firstName: sql`lower(u.first_name)`,
  lastName: sql`lower(u.last_name)`,
  roleId: sql`u.role_id`,
  dateCreated: sql`u.date_created`,
});

export function emailExportRows(
  db: Db,
  f: EmailExportFilter,
  window: Window,
  sort: { orderBy?: string; ascending?: boolean } = {},
) {
  const paged = 'offset' in window;
  const order = paged
    ? sql`${sortColumn(SORTS, sort.orderBy, 'email')} ${sort.ascending === false ? sql`desc` : sql`asc`}, u.id`
    : sql`u.id`;
  const after = !paged && window.after ? sql`u.id > ${window.after.id}` : sql`true`;
  const limit = windowLimitSql(window);
  return queryRows<EmailExportDbRow>(
    db,
    sql`select u.id, u.email, u.first_name "firstName", u.last_name "lastName", u.user_name "userName",
          u.role_id "roleId", u.phone_number "phoneNumber", u.address->>'countryId' "countryId",
          u.address->>'stateId' "stateId",
          (select string_agg(ug.name, '; ' order by ug.name) from ${userGroups(sql`u.id`)} ug) "groups",
          u.date_created "dateCreated"
        from users u where ${where(f)} and ${after} order by ${order} ${limit}`,
  );
}

export const PET_OWNER_ROLE = UserRole.PetOwner;

/** Temporary sign-in links (purpose TemporaryLogin, as the admin's generatetemporarytoken writes them), in one insert. */
export async function insertSignInTokens(
  db: Db,
  tokens: { userId: number; token: string; validFrom: Date; expiresAt: Date; returnUrl: string }[],
) {
  if (tokens.length === 0) return;
  await db.insert(userTokens).values(
    tokens.map((t) => ({
      userId: t.userId,
      purpose: 'TemporaryLogin' as const,
      tokenHash: hashToken(t.token),
      validFrom: t.validFrom,
      expiresAt: t.expiresAt,
      returnUrl: t.returnUrl,
    })),
  );
}
