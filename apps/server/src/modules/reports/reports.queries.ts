// The reports' SQL. Reports only read, across the other modules' tables (see docs/decisions/reports.md, "Reports read
// across modules"). Every query is bounded to one group's subtree, which the service has already checked lies in the
// caller's scope; exports read in keyset batches (`after`, `limit`) so no query returns the whole result.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, PetSpecies, PropertyExportFilter, RegistrationStatus } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { windowLimitSql } from '../../platform/paging.queries.ts';

type Keyset = { id: number } | null;
export type Window = { offset: number; limit: number } | { after: Keyset; limit: number };

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
        order by w.id desc ${windowLimitSql(window)}`,
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
        order by r.id desc ${windowLimitSql(window)}`,
  );

// --- Property export ---
// The spec's PropertyExportFilter flags (spec 1 §3), combinable: each chosen flag adds a section of rows under its
// category, in flag order, so a resident who is both a dog owner and pending approval appears under each. Every
// section has the same columns; a row's key is the flag times 10^10 plus its id, so one keyset walks all sections.
export type PropertyExportScope = { rootPath: string; start?: Date; end?: Date; isActive?: boolean };

const propertyWhere = (f: PropertyExportScope, dateColumn: SQL) => sql`${within(sql`p.path`, f.rootPath)}
  and p.group_type = ${GroupTypes.Property}
  and (${f.isActive ?? null}::boolean is null or p.is_active = ${f.isActive ?? null}::boolean)
  and (${f.start ?? null}::timestamptz is null or ${dateColumn} >= ${f.start ?? null}::timestamptz)
  and (${f.end ?? null}::timestamptz is null or ${dateColumn} <= ${f.end ?? null}::timestamptz)`;

/** A resident's dogs in one cell: the registry pets of their account, else the dogs they pre-registered. */
const residentDogs = sql`coalesce(
  (select string_agg(x.name || coalesce(' (' || x.sample_number || ')', ''), '; ' order by x.name, x.id)
    from pets x where r.user_id is not null and x.pet_owner_id = r.user_id),
  (select string_agg(d.name, '; ' order by d.name, d.id) from pre_registered_dogs d where d.resident_id = r.id))`;
const residentHasServiceAnimal = sql`(exists (select 1 from pets x where r.user_id is not null
    and x.pet_owner_id = r.user_id and x.is_service_animal)
  or exists (select 1 from pre_registered_dogs d where d.resident_id = r.id and d.is_service_animal))`;

type Section = { from: SQL; where: SQL; date: SQL; id: SQL; pets: SQL; serviceAnimal: SQL; person: SQL };
const residentSection = (where: SQL, pets: SQL = sql`null`): Section => ({
  from: sql`pre_registered_residents r join groups p on p.id = r.group_id`,
  where,
  date: sql`r.date_pre_registered`,
  id: sql`r.id`,
  pets,
  serviceAnimal: residentHasServiceAnimal,
  person: sql`r.id "residentNumber", trim(concat_ws(' ', r.first_name, r.last_name)) "name", r.email,
    r.phone_number "phoneNumber", r.unit_number "unit", r.status "registrationStatus", r.pet_species "petSpecies"`,
});
const dogSpecies = sql`(r.pet_species & ${PetSpecies.Dog}) <> 0`;

const PROPERTY_EXPORT_SECTIONS: Record<number, Section> = {
  [PropertyExportFilter.Dogs]: {
    from: sql`pets x join pet_owner_groups pog on pog.pet_owner_id = x.pet_owner_id and pog.move_out_date is null
      join groups p on p.id = pog.group_id left join users o on o.id = x.pet_owner_id`,
    where: sql`true`,
    date: sql`x.date_created`,
    id: sql`x.id`,
    pets: sql`x.name || coalesce(' (' || x.sample_number || ')', '')`,
    serviceAnimal: sql`x.is_service_animal`,
    person: sql`null::int "residentNumber", trim(concat_ws(' ', o.first_name, o.last_name)) "name", o.email,
      o.phone_number "phoneNumber", null::text "unit", null::int "registrationStatus", ${PetSpecies.Dog}::int "petSpecies"`,
  },
  [PropertyExportFilter.DogOwners]: residentSection(dogSpecies),
  [PropertyExportFilter.DogOwnersWithDogs]: residentSection(dogSpecies, residentDogs),
  [PropertyExportFilter.EsaServiceAnimalOwners]: residentSection(residentHasServiceAnimal, residentDogs),
  [PropertyExportFilter.PetOwners]: residentSection(sql`r.pet_species <> ${PetSpecies.None}`, residentDogs),
  [PropertyExportFilter.NonPetOwners]: residentSection(sql`r.pet_species = ${PetSpecies.None}`),
  [PropertyExportFilter.ResidentsPendingApproval]: residentSection(
    sql`r.status = ${RegistrationStatus.PendingApproval}`,
    residentDogs,
  ),
  [PropertyExportFilter.AllResidents]: residentSection(sql`true`, residentDogs),
};
const SECTION_KEY = 10_000_000_000;

/** The sections the flags choose, in flag order. */
const chosenSections = (flags: number) =>
  Object.entries(PROPERTY_EXPORT_SECTIONS)
    .map(([flag, section]) => ({ flag: Number(flag), section }))
    .filter(({ flag }) => (flags & flag) !== 0)
    .sort((a, b) => a.flag - b.flag);

export async function countPropertyExport(db: Db, flags: number, f: PropertyExportScope) {
  let total = 0;
  for (const { section } of chosenSections(flags)) {
    const rows = await queryRows<{ n: string }>(
      db,
      sql`select count(*) n from ${section.from} where ${section.where} and ${propertyWhere(f, section.date)}`,
    );
    total += Number(rows[0]?.n ?? 0);
  }
  return total;
}

type PropertyExportRow = Record<string, unknown> & { key: string | number };

/** One section's rows after an id, in id order, keyed by the section's flag. */
function sectionRows(db: Db, flag: number, section: Section, f: PropertyExportScope, afterId: number, limit: number) {
  return queryRows<PropertyExportRow>(
    db,
    sql`select ${flag}::bigint * ${SECTION_KEY}::bigint + ${section.id} "key", ${flag}::int "category",
        p.name "propertyName", ${section.person}, ${section.pets} "pets", ${section.serviceAnimal} "serviceAnimal",
        ${section.date} "date"
      from ${section.from} where ${section.where} and ${propertyWhere(f, section.date)} and ${section.id} > ${afterId}
      order by ${section.id} ${windowLimitSql({ limit })}`,
  );
}

export async function propertyExportRows(
  db: Db,
  flags: number,
  f: PropertyExportScope,
  window: Window,
): Promise<PropertyExportRow[]> {
  const sections = chosenSections(flags);
  if ('offset' in window) {
    const parts = sections.map(
      ({ flag, section }) => sql`select ${flag}::bigint * ${SECTION_KEY}::bigint + ${section.id} "key",
        ${flag}::int "category", p.name "propertyName", ${section.person}, ${section.pets} "pets",
        ${section.serviceAnimal} "serviceAnimal", ${section.date} "date"
      from ${section.from} where ${section.where} and ${propertyWhere(f, section.date)}`,
    );
    if (parts.length === 0) return [];
    return queryRows<PropertyExportRow>(
      db,
      sql`select * from (${sql.join(parts, sql` union all `)}) rows order by "key" ${windowLimitSql(window)}`,
    );
  }
  // An export's batch: a row's key is its section's flag times SECTION_KEY plus its id, so the batch's start splits
  // back into the section and the id. The batch reads that section from its id index and moves on to the next section
  // only when this one runs out: a batch costs the same at the millionth row as at the first. (A condition on the
  // computed key over all sections scanned and sorted every row of every section for each batch.)
  const after = window.after ? Number(window.after.id) : null;
  const start =
    after === null ? { flag: 0, id: 0 } : { flag: Math.floor(after / SECTION_KEY), id: after % SECTION_KEY };
  const rows: PropertyExportRow[] = [];
  for (const { flag, section } of sections) {
    if (flag < start.flag) continue;
    const afterId = flag === start.flag ? start.id : 0;
    rows.push(...(await sectionRows(db, flag, section, f, afterId, window.limit - rows.length)));
    if (rows.length >= window.limit) break;
  }
  return rows;
}
