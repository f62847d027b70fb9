// The reports' SQL. Reports only read, across the other modules' tables (see docs/decisions.md, "Reports read
// across modules"). Every query is bounded to one group's subtree, which the service has already checked lies in the
// caller's scope; exports read in keyset batches (`after`, `limit`) so no query returns the whole result.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, RegistrationStatus } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';

export type Keyset = { id: number } | null;
export type Window = { offset: number; limit: number } | { after: Keyset; limit: number };

const pageSql = (window: Window): SQL => {
  if ('offset' in window) return sql`limit ${window.limit} offset ${window.offset}`;
  return sql`limit ${window.limit}`;
};
const keysetSql = (window: Window, idColumn: SQL, descending: boolean): SQL => {
  if ('offset' in window || !window.after) return sql`true`;
  return descending ? sql`${idColumn} < ${window.after.id}` : sql`${idColumn} > ${window.after.id}`;
};
const within = (pathColumn: SQL, rootPath: string) => sql`${pathColumn} like ${`${rootPath}%`}`;

/** The nearest Distributorship at or above a group path. */
const distributorOf = (pathColumn: SQL) =>
  sql`(select d.name from groups d where d.group_type = ${GroupTypes.Distributorship}
        and ${pathColumn} like d.path || '%' order by d.depth desc limit 1)`;

// --- TD audit ---
export type TdAuditFilter = { rootPath: string; start?: Date; end?: Date };
export type TdAuditRow = {
  id: number;
  sampleNumber: string;
  collectedByName: string | null;
  dateCreated: Date;
  customerFacingStatus: number;
  propertyCollectedFrom: string | null;
  distributor: string | null;
  createdByUserName: string | null;
  createdByFullname: string | null;
  createdByEmail: string | null;
};

const tdAuditWhere = (f: TdAuditFilter) => sql`${within(sql`p.path`, f.rootPath)}
  and (${f.start ?? null}::timestamptz is null or w.date_created >= ${f.start ?? null}::timestamptz)
  and (${f.end ?? null}::timestamptz is null or w.date_created <= ${f.end ?? null}::timestamptz)`;

export const countTdAudit = async (db: Db, f: TdAuditFilter) =>
  Number(
    (
      await queryRows<{ n: string }>(
        db,
        sql`select count(*) n from waste_samples w join groups p on p.id = w.property_id where ${tdAuditWhere(f)}`,
      )
    )[0]?.n ?? 0,
  );

export const tdAuditRows = (db: Db, f: TdAuditFilter, window: Window) =>
  queryRows<TdAuditRow>(
    db,
    sql`select w.id, w.sample_number "sampleNumber", w.collected_by_name "collectedByName", w.date_created "dateCreated",
          w.customer_facing_status "customerFacingStatus", p.name "propertyCollectedFrom",
          ${distributorOf(sql`p.path`)} "distributor", u.user_name "createdByUserName",
          nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') "createdByFullname", u.email "createdByEmail"
        from waste_samples w join groups p on p.id = w.property_id left join users u on u.id = w.created_by_id
        where ${tdAuditWhere(f)} and ${keysetSql(window, sql`w.id`, true)}
        order by w.id desc ${pageSql(window)}`,
  );

// --- Inventory ---
export type InventoryDbRow = {
  groupId: number;
  groupName: string;
  groupType: number;
  isActive: boolean;
  dnBarcodeCount: number;
  dnBarcodeThreshold: number;
  tdBarcodeCount: number;
  tdBarcodeThreshold: number;
};

/** The pet-owner groups (properties and parentage groups) at or under the root, by name. */
export const inventoryRows = (db: Db, rootPath: string, belowThresholdOnly: boolean) =>
  queryRows<InventoryDbRow>(
    db,
    sql`select g.id "groupId", g.name "groupName", g.group_type "groupType", g.is_active "isActive",
          g.property_dn_barcode_count "dnBarcodeCount", g.property_dn_barcode_threshold "dnBarcodeThreshold",
          g.property_td_barcode_count "tdBarcodeCount", g.property_td_barcode_threshold "tdBarcodeThreshold"
        from groups g
        where ${within(sql`g.path`, rootPath)} and g.group_type in (${GroupTypes.Property}, ${GroupTypes.ParentageGroup})
          and (${!belowThresholdOnly} or g.property_dn_barcode_count < g.property_dn_barcode_threshold
               or g.property_td_barcode_count < g.property_td_barcode_threshold)
        order by lower(g.name), g.id`,
  );

/** The primary admins (with an address) of these groups, for the below-threshold alert. */
export const primaryAdminEmails = (db: Db, groupIds: number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : queryRows<{ groupId: number; email: string; fullName: string }>(
        db,
        sql`select ga.group_id "groupId", u.email, trim(concat_ws(' ', u.first_name, u.last_name)) "fullName"
            from group_admins ga join users u on u.id = ga.user_id
            where ga.is_primary and u.is_active and u.email is not null and u.email <> ''
              and ga.group_id in (${sql.join(
                groupIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );

// --- Resident registrations ---
export type RegistrationFilter = {
  groupId: number;
  start?: Date;
  end?: Date;
  preRegisteredResidents?: boolean;
  dogOwners?: boolean;
  otherPetOwners?: boolean;
};
export type RegistrationRow = {
  id: number;
  fullName: string;
  residentNumber: number;
  email: string | null;
  phoneNumber: string | null;
  status: number;
  datePreRegistered: Date;
  dateApproved: Date | null;
  petSpecies: number;
};

function registrationWhere(f: RegistrationFilter): SQL {
  const kinds: SQL[] = [];
  if (f.preRegisteredResidents) kinds.push(sql`r.status = ${RegistrationStatus.PendingApproval}`);
  if (f.dogOwners) kinds.push(sql`r.has_dogs`);
  if (f.otherPetOwners) kinds.push(sql`r.has_other_pets`);
  return sql`r.group_id = ${f.groupId}
    and (${f.start ?? null}::timestamptz is null or r.date_pre_registered >= ${f.start ?? null}::timestamptz)
    and (${f.end ?? null}::timestamptz is null or r.date_pre_registered <= ${f.end ?? null}::timestamptz)
    and ${kinds.length ? sql`(${sql.join(kinds, sql` or `)})` : sql`true`}`;
}

export const countRegistrations = async (db: Db, f: RegistrationFilter) =>
  Number(
    (
      await queryRows<{ n: string }>(
        db,
        sql`select count(*) n from pre_registered_residents r where ${registrationWhere(f)}`,
      )
    )[0]?.n ?? 0,
  );

export const registrationRows = (db: Db, f: RegistrationFilter, window: Window) =>
  queryRows<RegistrationRow>(
    db,
    sql`select r.id, trim(concat_ws(' ', r.first_name, r.last_name)) "fullName", r.id "residentNumber", r.email,
          r.phone_number "phoneNumber", r.status, r.date_pre_registered "datePreRegistered", r.date_approved "dateApproved",
          r.pet_species "petSpecies"
        from pre_registered_residents r
        where ${registrationWhere(f)} and ${keysetSql(window, sql`r.id`, true)}
        order by r.id desc ${pageSql(window)}`,
  );

// --- Property export ---
export type PropertyExportFilter = { rootPath: string; start?: Date; end?: Date; isActive?: boolean };

const propertyWhere = (f: PropertyExportFilter, dateColumn: SQL) => sql`${within(sql`p.path`, f.rootPath)}
  and p.group_type = ${GroupTypes.Property}
  and (${f.isActive ?? null}::boolean is null or p.is_active = ${f.isActive ?? null}::boolean)
  and (${f.start ?? null}::timestamptz is null or ${dateColumn} >= ${f.start ?? null}::timestamptz)
  and (${f.end ?? null}::timestamptz is null or ${dateColumn} <= ${f.end ?? null}::timestamptz)`;

const PROPERTY_EXPORTS = {
  1: {
    from: sql`groups p`,
    date: sql`p.date_created`,
    id: sql`p.id`,
    select: sql`p.id, p.name "propertyName", ${distributorOf(sql`p.path`)} "distributor", p.management_company "managementCompany",
      p.number_of_units "numberOfUnits", p.is_active "isActive", p.email, p.phone,
      p.property_address->>'addressLine1' "addressLine1", p.property_address->>'city' "city",
      p.property_address->>'postalCode' "postalCode", p.date_created "dateCreated",
      (select count(*) from pre_registered_residents r where r.group_id = p.id)::int "residents",
      (select count(*) from waste_samples w where w.property_id = p.id)::int "wasteSamples"`,
  },
  2: {
    from: sql`pre_registered_residents r join groups p on p.id = r.group_id`,
    date: sql`r.date_pre_registered`,
    id: sql`r.id`,
    select: sql`r.id, p.name "propertyName", r.first_name "firstName", r.last_name "lastName", r.email,
      r.phone_number "phoneNumber", r.unit_number "unit", r.status, r.has_dogs "hasDogs",
      r.date_pre_registered "datePreRegistered", r.date_approved "dateApproved"`,
  },
  3: {
    from: sql`pets x join pet_owner_groups pog on pog.pet_owner_id = x.pet_owner_id and pog.move_out_date is null
      join groups p on p.id = pog.group_id left join users o on o.id = x.pet_owner_id`,
    date: sql`x.date_created`,
    id: sql`x.id`,
    select: sql`x.id, p.name "propertyName", x.sample_number "sampleNumber", x.name "petName", x.breed,
      x.customer_facing_status "customerFacingStatus", x.is_active "isActive", o.user_name "petOwnerUserName",
      trim(concat_ws(' ', o.first_name, o.last_name)) "petOwnerName", x.date_created "dateCreated"`,
  },
  4: {
    from: sql`waste_samples w join groups p on p.id = w.property_id`,
    date: sql`w.date_created`,
    id: sql`w.id`,
    select: sql`w.id, p.name "propertyName", w.sample_number "sampleNumber", w.collected_by_name "collectedByName",
      w.date_collected "dateCollected", w.customer_facing_status "customerFacingStatus", w.date_created "dateCreated"`,
  },
} as const;
export type PropertyExportKind = keyof typeof PROPERTY_EXPORTS;

export async function countPropertyExport(db: Db, kind: PropertyExportKind, f: PropertyExportFilter) {
  const q = PROPERTY_EXPORTS[kind];
  const rows = await queryRows<{ n: string }>(
    db,
    sql`select count(*) n from ${q.from} where ${propertyWhere(f, q.date)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export function propertyExportRows(db: Db, kind: PropertyExportKind, f: PropertyExportFilter, window: Window) {
  const q = PROPERTY_EXPORTS[kind];
  return queryRows<Record<string, unknown> & { id: number }>(
    db,
    sql`select ${q.select} from ${q.from} where ${propertyWhere(f, q.date)} and ${keysetSql(window, q.id, false)}
        order by ${q.id} ${pageSql(window)}`,
  );
}
