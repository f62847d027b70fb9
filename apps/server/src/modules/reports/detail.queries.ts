// The poo-prints detail report's SQL: the properties under a group with their primary admin, addresses and counts.
// Counts are read per property of the page or batch (lateral subqueries), never for the whole registry at once.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, SampleCustomerStatus as S } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import type { Window } from './reports.queries.ts';
import { windowLimitSql } from '../../platform/paging.queries.ts';

export type DetailFilter = { rootPath: string; isActive?: boolean };
export type DetailDbRow = {
  id: number;
  name: string;
  parentName: string | null;
  managementCompany: string | null;
  primaryAdminName: string | null;
  primaryAdminPhone: string | null;
  primaryAdminLastLogin: Date | null;
  nearestContactEmail: string | null;
  groupEmail: string | null;
  groupPhone: string | null;
  website: string | null;
  propertyType: string | null;
  numberOfUnits: number | null;
  orderFormUrl: string | null;
  isActive: boolean;
  dateCreated: Date;
  dateUpdated: Date;
  mailingAddressLine1: string | null;
  mailingAddressLine2: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingPostalCode: string | null;
  mailingCountry: string | null;
  propertyAddressLine1: string | null;
  propertyAddressLine2: string | null;
  propertyCity: string | null;
  propertyState: string | null;
  propertyPostalCode: string | null;
  propertyCountry: string | null;
  residentCount: number;
  dogOwnerCount: number;
  dogCount: number;
  nonDogOwnerCount: number;
  wasteSampleCount: number;
  matchCount: number;
  noMatchCount: number;
  failCount: number;
  inconclusiveCount: number;
  nonCanineCount: number;
  profileCreatedCount: number;
  sampleReceivedCount: number;
  processing2ndSwabCount: number;
  reswabRequestedCount: number;
  processingCompleteCount: number;
  incompleteProfileCount: number;
};

const where = (f: DetailFilter) => sql`p.path like ${`${f.rootPath}%`} and p.group_type = ${GroupTypes.Property}
  and (${f.isActive ?? null}::boolean is null or p.is_active = ${f.isActive ?? null}::boolean)`;

/** The nearest Distributorship at or above the property. */
const distributor = sql`(select d.name from groups d where d.group_type = ${GroupTypes.Distributorship}
  and p.path like d.path || '%' order by d.depth desc limit 1)`;

const mailing = (part: string) =>
  sql`coalesce(p.mailing_address, case when p.is_same_address then p.property_address end)->>${part}`;
const property = (part: string) => sql`p.property_address->>${part}`;

const SORTS = sortColumns<SQL>({
  name: sql`lower(p.name)`,
  id: sql`p.id`,
  parentName: sql`lower(${distributor})`,
  managementCompany: sql`lower(p.management_company)`,
  numberOfUnits: sql`p.number_of_units`,
  isActive: sql`p.is_active`,
  dateCreated: sql`p.date_created`,
  dateUpdated: sql`p.date_updated`,
});

export const countDetail = async (db: Db, f: DetailFilter) =>
  Number((await queryRows<{ n: string }>(db, sql`select count(*) n from groups p where ${where(f)}`))[0]?.n ?? 0);

export function detailRows(
  db: Db,
  f: DetailFilter,
  window: Window,
  sort: { orderBy?: string; ascending?: boolean } = {},
): Promise<DetailDbRow[]> {
  const paged = 'offset' in window;
  const order = paged
    ? sql`${sortColumn(SORTS, sort.orderBy, 'name')} ${sort.ascending === false ? sql`desc` : sql`asc`} nulls last, p.id`
    : sql`p.id`;
  const after = !paged && window.after ? sql`p.id > ${window.after.id}` : sql`true`;
  const limit = windowLimitSql(window);
  return queryRows<DetailDbRow>(
    db,
    sql`select p.id, p.name, ${distributor} "parentName", p.management_company "managementCompany",
          nullif(trim(concat_ws(' ', pa.first_name, pa.last_name)), '') "primaryAdminName",
          pa.phone_number "primaryAdminPhone", pa.last_login "primaryAdminLastLogin",
          coalesce(nullif(p.email, ''), nullif(pa.email, ''), (select a.email from groups a
            where p.path like a.path || '%' and a.id <> p.id and coalesce(a.email, '') <> ''
            order by a.depth desc limit 1)) "nearestContactEmail",
          p.email "groupEmail", p.phone "groupPhone", p.website, p.property_type "propertyType",
          p.number_of_units "numberOfUnits", p.property_order_form_url "orderFormUrl", p.is_active "isActive",
          p.date_created "dateCreated", p.date_updated "dateUpdated",
          ${mailing('addressLine1')} "mailingAddressLine1", ${mailing('addressLine2')} "mailingAddressLine2",
          ${mailing('city')} "mailingCity", ${mailing('stateId')} "mailingState",
          ${mailing('postalCode')} "mailingPostalCode", ${mailing('countryId')} "mailingCountry",
          ${property('addressLine1')} "propertyAddressLine1", ${property('addressLine2')} "propertyAddressLine2",
          ${property('city')} "propertyCity", ${property('stateId')} "propertyState",
          ${property('postalCode')} "propertyPostalCode", ${property('countryId')} "propertyCountry",
          m.residents "residentCount", m.dog_owners "dogOwnerCount", d.dogs "dogCount",
          m.residents - m.dog_owners "nonDogOwnerCount", ws.waste "wasteSampleCount", ws.matches "matchCount",
          ws.no_matches "noMatchCount", ws.fails "failCount", ws.inconclusives "inconclusiveCount",
          ws.non_canines "nonCanineCount", d.created "profileCreatedCount", d.received "sampleReceivedCount",
          d.second_swab "processing2ndSwabCount", d.reswab "reswabRequestedCount", d.complete "processingCompleteCount",
          d.incomplete "incompleteProfileCount"
        from groups p
        left join lateral (select u.first_name, u.last_name, u.phone_number, u.last_login, u.email
          from group_admins ga join users u on u.id = ga.user_id
          where ga.group_id = p.id and ga.is_primary order by ga.date_assigned, u.id limit 1) pa on true
        left join lateral (select count(*)::int residents,
            (count(*) filter (where exists (select 1 from pets x where x.pet_owner_id = pog.pet_owner_id and x.is_active)))::int dog_owners
          from pet_owner_groups pog where pog.group_id = p.id and pog.move_out_date is null) m on true
        left join lateral (select count(*)::int dogs,
            (count(*) filter (where x.customer_facing_status = ${S.ProfileCreated}))::int created,
            (count(*) filter (where x.customer_facing_status = ${S.DnaSampleReceived}))::int received,
            (count(*) filter (where x.customer_facing_status = ${S.Processing2ndSwab}))::int second_swab,
            (count(*) filter (where x.customer_facing_status = ${S.ReswabRequested}))::int reswab,
            (count(*) filter (where x.customer_facing_status = ${S.DnaProcessingComplete}))::int complete,
            (count(*) filter (where x.customer_facing_status = ${S.IncompleteDnaProfile}))::int incomplete
          from pet_owner_groups pog join pets x on x.pet_owner_id = pog.pet_owner_id
          where pog.group_id = p.id and pog.move_out_date is null and x.is_active) d on true
        left join lateral (select count(*)::int waste,
            (count(*) filter (where r.status in ('Match', 'MultipleMatch')))::int matches,
            (count(*) filter (where r.status = 'NoMatch'))::int no_matches,
            (count(*) filter (where r.status = 'Fail'))::int fails,
            (count(*) filter (where r.status = 'Inconclusive'))::int inconclusives,
            (count(*) filter (where r.status = 'NonCanine'))::int non_canines
          from waste_samples w left join waste_result_sets rs on rs.waste_sample_id = w.id
          left join waste_match_results r on r.id = rs.currently_approved_result_id
          where w.property_id = p.id) ws on true
        where ${where(f)} and ${after}
        order by ${order} ${limit}`,
  );
}
