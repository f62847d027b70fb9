// Universal search SQL: one ranked union over pets, pet owners, residents, groups and waste samples, each branch
// filtered by the caller's scope. Text matches use PostgreSQL text search over the same expressions as the GIN
// indexes (groups_search_idx, pets_name_search_idx; users and residents: their stored search_doc and its index);
// sample numbers match exactly through their upper() unique indexes.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, UserRole, type SearchModel } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql, petInScopeSql, petOwnerInScopeSql } from '../../platform/scope.ts';

// Users' and residents' documents are stored columns (migration 0023): ts_rank reads them instead of parsing each match.
const USER_DOC = sql`u.search_doc`;
const GROUP_DOC = sql`to_tsvector('simple', g.name || ' ' || coalesce(g.property_address->>'addressLine1', '') || ' ' || coalesce(g.property_address->>'city', '') || ' ' || coalesce(g.property_address->>'postalCode', ''))`;
const PET_DOC = sql`to_tsvector('simple', x.name)`;
const RESIDENT_DOC = sql`r.search_doc`;

export type SearchInput = {
  /** A to_tsquery text (each word a quoted prefix), or null for an address-only search. */
  tsquery: string | null;
  /** An upper-cased sample number when the query is one. */
  sampleNumber: string | null;
  address: { street?: string; city?: string; postalCode?: string; stateId?: string; countryId?: string };
  filters: SearchFilters;
  models: readonly SearchModel[];
  offset: number;
  limit: number;
};
/** Spec 1 §3's filters beside the query and the address (docs/decisions.md "Universal search filters"). */
export type SearchFilters = {
  propertyName?: string;
  owner: { firstName?: string; lastName?: string; email?: string; unitNumber?: string };
  dog: { name?: string; sampleNumber?: string; isParentage?: boolean; isPooPrints?: boolean };
};
export type SearchRow = {
  model: SearchModel;
  id: number;
  title: string;
  subtitle: string | null;
  link: string;
  rank: number;
  total: string;
};

function addressSql(column: SQL, a: SearchInput['address']): SQL {
  const parts: SQL[] = [];
  if (a.street) parts.push(sql`${column}->>'addressLine1' ilike ${containsPattern(a.street)}`);
  if (a.city) parts.push(sql`${column}->>'city' ilike ${containsPattern(a.city)}`);
  if (a.postalCode) parts.push(sql`${column}->>'postalCode' ilike ${containsPattern(a.postalCode)}`);
  if (a.stateId) parts.push(sql`${column}->>'stateId' = ${a.stateId}`);
  if (a.countryId) parts.push(sql`${column}->>'countryId' = ${a.countryId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
const hasAddress = (a: SearchInput['address']) => Object.values(a).some(Boolean);
/** Contains, any case, as lower(…) like lower(…): the form the trigram index on lower(pets.name) serves (migration 0013). */
const containsSql = (column: SQL, value: string) => sql`lower(${column}) like lower(${containsPattern(value)})`;
const given = (values: object) => Object.values(values).some((v) => v !== undefined);

/** The pet owner is a current member of a property whose name contains the text. */
const memberOfPropertyNamed = (ownerId: SQL, name: string) =>
  sql`exists (select 1 from pet_owner_groups f_pog join groups f_g on f_g.id = f_pog.group_id
    where f_pog.pet_owner_id = ${ownerId} and f_pog.move_out_date is null
      and f_g.group_type = ${GroupTypes.Property} and ${containsSql(sql`f_g.name`, name)})`;
/**
 * The pet owner matches the dogOwner* filters and propertyName. Pet owners keep no unit number of their own: the unit
 * is the one they gave when they pre-registered as a resident (their RES sign-in became the owner's account).
 */
function ownerFilterSql(ownerId: SQL, f: SearchFilters): SQL {
  const parts: SQL[] = [];
  const o = f.owner;
  if (given(o)) {
    const own: SQL[] = [sql`f_u.id = ${ownerId}`];
    if (o.firstName) own.push(containsSql(sql`f_u.first_name`, o.firstName));
    if (o.lastName) own.push(containsSql(sql`f_u.last_name`, o.lastName));
    if (o.email) own.push(containsSql(sql`f_u.email`, o.email));
    if (o.unitNumber)
      own.push(sql`exists (select 1 from pre_registered_residents f_r where f_r.user_id = f_u.id
        and ${containsSql(sql`f_r.unit_number`, o.unitNumber)})`);
    parts.push(sql`exists (select 1 from users f_u where ${sql.join(own, sql` and `)})`);
  }
  if (f.propertyName) parts.push(memberOfPropertyNamed(ownerId, f.propertyName));
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
function dogFilterSql(f: SearchFilters['dog']): SQL {
  const parts: SQL[] = [];
  if (f.name) parts.push(containsSql(sql`x.name`, f.name));
  if (f.sampleNumber) parts.push(sql`upper(x.sample_number) = ${f.sampleNumber}`);
  if (f.isParentage !== undefined) parts.push(sql`x.is_parentage = ${f.isParentage}`);
  if (f.isPooPrints !== undefined) parts.push(sql`x.is_poo_prints = ${f.isPooPrints}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
const propertyNamed = (group: SQL, name: string | undefined) =>
  name ? sql`${group}.group_type = ${GroupTypes.Property} and ${containsSql(sql`${group}.name`, name)}` : sql`true`;
const textMatch = (doc: SQL, input: SearchInput) =>
  input.tsquery ? sql`${doc} @@ to_tsquery('simple', ${input.tsquery})` : sql`true`;
const rank = (doc: SQL, input: SearchInput) =>
  input.tsquery ? sql`ts_rank(${doc}, to_tsquery('simple', ${input.tsquery}))` : sql`0::real`;

export async function universalSearch(db: Db, caller: Caller, input: SearchInput, mayViewPeople: boolean) {
  const branches: SQL[] = [];
  const want = (model: SearchModel) => input.models.includes(model);
  const textOnly = !hasAddress(input.address);
  const f = input.filters;
  const dogFilter = given(f.dog);
  const ownerFilter = given(f.owner);
  // A filter on dogs leaves out every other kind; one on owners every kind but dogs and owners.
  const peopleOrPlaces = !dogFilter && !ownerFilter;
  const filtered = dogFilter || ownerFilter || f.propertyName !== undefined;
  if (want('Pet') && textOnly && (input.tsquery || input.sampleNumber || filtered)) {
    const match = input.sampleNumber
      ? sql`upper(x.sample_number) = ${input.sampleNumber}`
      : input.tsquery
        ? sql`${PET_DOC} @@ to_tsquery('simple', ${input.tsquery})`
        : sql`true`;
    const owned =
      ownerFilter || f.propertyName
        ? sql`x.pet_owner_id is not null and ${ownerFilterSql(sql`x.pet_owner_id`, f)}`
        : sql`true`;
    branches.push(sql`select 'Pet' model, x.id, x.name title, x.sample_number subtitle,
        case when x.pet_owner_id is null then '/tools/orphans'
             else '/petowner/' || x.pet_owner_id || coalesce('/' || x.sample_number, '') end link,
        ${input.sampleNumber ? sql`1::real` : rank(PET_DOC, input)} + 0.1 rank
      from pets x where ${match} and ${dogFilterSql(f.dog)} and ${owned}
        and ${petInScopeSql(caller, sql`x.pet_owner_id`)}`);
  }
  if (want('PetOwner') && mayViewPeople && !dogFilter && (input.tsquery || hasAddress(input.address) || filtered)) {
    branches.push(sql`select 'PetOwner' model, u.id, trim(concat_ws(' ', u.first_name, u.last_name)) title,
        concat_ws(' · ', u.user_name, u.email, u.phone_number) subtitle, '/petowner/' || u.id link, ${rank(USER_DOC, input)} rank
      from users u where u.role_id = ${UserRole.PetOwner} and ${textMatch(USER_DOC, input)}
        and ${addressSql(sql`u.address`, input.address)} and ${ownerFilterSql(sql`u.id`, f)}
        and ${petOwnerInScopeSql(caller, sql`u.id`)}`);
  }
  if (want('Resident') && mayViewPeople && peopleOrPlaces && (input.tsquery || hasAddress(input.address) || filtered)) {
    branches.push(sql`select 'Resident' model, r.id, r.first_name || ' ' || r.last_name title,
        concat_ws(' · ', g.name, r.email, r.phone_number) subtitle, '/resident/' || r.id link, ${rank(RESIDENT_DOC, input)} rank
      from pre_registered_residents r join groups g on g.id = r.group_id
      where ${textMatch(RESIDENT_DOC, input)} and ${addressSql(sql`r.address`, input.address)}
        and ${propertyNamed(sql`g`, f.propertyName)} and ${groupInScopeSql(caller, sql`g.path`)}`);
  }
  if (want('Group') && peopleOrPlaces && (input.tsquery || hasAddress(input.address) || filtered)) {
    branches.push(sql`select 'Group' model, g.id, g.name title,
        concat_ws(', ', g.property_address->>'addressLine1', g.property_address->>'city', g.property_address->>'postalCode') subtitle,
        '/group/' || g.id || '/dashboard' link, ${rank(GROUP_DOC, input)} + 0.05 rank
      from groups g where ${textMatch(GROUP_DOC, input)} and ${addressSql(sql`coalesce(g.property_address, g.mailing_address)`, input.address)}
        and ${propertyNamed(sql`g`, f.propertyName)} and ${groupInScopeSql(caller, sql`g.path`)}`);
  }
  if (want('WasteSample') && textOnly && peopleOrPlaces && input.sampleNumber) {
    branches.push(sql`select 'WasteSample' model, w.id, w.sample_number title, p.name subtitle,
        '/group/' || p.id || '/dashboard' link, 1::real rank
      from waste_samples w join groups p on p.id = w.property_id
      where upper(w.sample_number) = ${input.sampleNumber} and ${propertyNamed(sql`p`, f.propertyName)}
        and ${groupInScopeSql(caller, sql`p.path`)}`);
  }
  if (branches.length === 0) return [];
  return queryRows<SearchRow>(
    db,
    sql`select h.*, count(*) over () total from (${sql.join(branches, sql` union all `)}) h
        order by h.rank desc, lower(h.title), h.model, h.id limit ${input.limit} offset ${input.offset}`,
  );
}
