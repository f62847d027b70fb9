// Universal search SQL: one ranked union over pets, pet owners, residents, groups and waste samples, each branch
// filtered by the caller's scope. The query's words match as word prefixes: pets and groups through PostgreSQL text
// search on the GIN expression indexes (pets_name_search_idx, groups_search_idx); pet owners and residents through
// people_search_terms (migration 0029), whose primary key holds each person's words with their sort key, so a common
// word's matches are one index range. Sample numbers match exactly through their upper() unique indexes. The branches
// give each hit's rank and sort key only; the shown page's titles, subtitles and links are read for its rows alone.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, UserRole, type SearchModel } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql, petInScopeSql, petOwnerInScopeSql } from '../../platform/scope.queries.ts';

const GROUP_DOC = sql`to_tsvector('simple', g.name || ' ' || coalesce(g.property_address->>'addressLine1', '') || ' ' || coalesce(g.property_address->>'city', '') || ' ' || coalesce(g.property_address->>'postalCode', ''))`;
const PET_DOC = sql`to_tsvector('simple', x.name)`;
/** people_search_terms.kind */
const PERSON_KIND = { PetOwner: 1, Resident: 2 } as const;
const OWNER_TITLE = sql`trim(concat_ws(' ', u.first_name, u.last_name))`;
const RESIDENT_TITLE = sql`r.first_name || ' ' || r.last_name`;

/**
 * No parallel workers for the rest of the transaction: the search's plans are a few index ranges and a page, and the
 * planner, expecting thousands of rows from a prefix it has no statistics for, started workers that took longer to
 * start than the whole search takes without them (at full size, a sample-number fragment: 19 ms p50 with, 7 without).
 */
export async function withoutParallelWorkers(db: Db): Promise<void> {
  await db.execute(sql`set local max_parallel_workers_per_gather = 0`);
}

/** The text's words as the documents hold them ('simple' configuration: lower-cased, split at punctuation). */
export async function searchWords(db: Db, text: string): Promise<string[]> {
  const [row] = await queryRows<{ words: string[] }>(
    db,
    sql`select coalesce(array_agg(lexeme order by lexeme), '{}') words from unnest(to_tsvector('simple', ${text}))`,
  );
  return row.words;
}

export type SearchInput = {
  /** The query's words (searchWords), each matched as the start of a word; empty for a search by address or filters. */
  words: readonly string[];
  /** An upper-cased sample number when the query is one. */
  sampleNumber: string | null;
  address: { street?: string; city?: string; postalCode?: string; stateId?: string; countryId?: string };
  filters: SearchFilters;
  models: readonly SearchModel[];
  offset: number;
  limit: number;
};
/** Spec 1 §3's filters beside the query and the address (docs/decisions/reports.md "Universal search"). */
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
/** A word as tsquery input, quoted: no parser runs on it again. */
const quoted = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
/** The words as a tsquery of prefixes ('rex':* & 'jo':*). */
const prefixQuery = (words: readonly string[]) => sql`${words.map((w) => `${quoted(w)}:*`).join(' & ')}::tsquery`;
/**
 * The rank's text part: how many of the query's words the document holds whole (the rest only start a word of it).
 * One plain match per word: the cost of ts_rank, where a subquery over the document's words took three times longer.
 */
const wholeWords = (doc: SQL, words: readonly string[]) =>
  sql`(${sql.join(
    words.map((w) => sql`(${doc} @@ ${quoted(w)}::tsquery)::int`),
    sql` + `,
  )})::float8`;

/**
 * Pet owners or residents (`kind`, or both when null) holding a word starting with each query word: one range of
 * people_search_terms' primary key per word, read from the index alone. Of a person's words with the prefix only the
 * first counts (its previous word does not start with it), so each person comes once per query word. `exact` counts
 * the query words held whole, as wholeWords does for a document: a query word the person holds is the first of their
 * words that start with it, so it is held whole when that first one equals it. The prefix goes through escapeLike, so
 * a % or _ the parser left in a word matches itself.
 */
function peopleHitsSql(words: readonly string[], kind: number | null): SQL {
  const perWord = words.map((w) => {
    const prefix = `${escapeLike(w)}%`;
    return sql`select t.kind, t.entity_id id, t.sort_key, (t.term = ${w})::int exact
      from people_search_terms t where t.term like ${prefix} and (t.previous_term is null or t.previous_term not like ${prefix})
        and ${kind === null ? sql`true` : sql`t.kind = ${kind}`}`;
  });
  if (words.length === 1) return perWord[0];
  return sql`select m.kind, m.id, m.sort_key, sum(m.exact)::int exact from (${sql.join(perWord, sql` union all `)}) m
    group by m.kind, m.id, m.sort_key having count(*) = ${words.length}`;
}

/** The pet owner (by id) has the address and passes the owner filters, within the caller's scope. */
function ownerKeptSql(caller: Caller, id: SQL, input: SearchInput): SQL {
  const address = hasAddress(input.address)
    ? sql`exists (select 1 from users a_u where a_u.id = ${id} and ${addressSql(sql`a_u.address`, input.address)})`
    : sql`true`;
  return sql`${address} and ${ownerFilterSql(id, input.filters)} and ${petOwnerInScopeSql(caller, id)}`;
}
/** The resident (by id) has the address, lives at a property so named, within the caller's scope. */
const residentKeptSql = (caller: Caller, id: SQL, input: SearchInput) =>
  sql`exists (select 1 from pre_registered_residents r join groups g on g.id = r.group_id
    where r.id = ${id} and ${residentRowSql(caller, input)})`;
const residentRowSql = (caller: Caller, input: SearchInput) =>
  sql`${addressSql(sql`r.address`, input.address)} and ${propertyNamed(sql`g`, input.filters.propertyName)}
    and ${groupInScopeSql(caller, sql`g.path`)}`;

/** Each kind's shown fields, read for the page's rows only. */
const DISPLAY: Record<SearchModel, SQL> = {
  Pet: sql`select p.*, x.name title, x.sample_number subtitle,
      case when x.pet_owner_id is null then '/tools/orphans'
           else '/petowner/' || x.pet_owner_id || coalesce('/' || x.sample_number, '') end link
    from page p join pets x on x.id = p.id where p.model = 'Pet'`,
  PetOwner: sql`select p.*, ${OWNER_TITLE} title, concat_ws(' · ', u.user_name, u.email, u.phone_number) subtitle,
      '/petowner/' || u.id link
    from page p join users u on u.id = p.id where p.model = 'PetOwner'`,
  Resident: sql`select p.*, ${RESIDENT_TITLE} title, concat_ws(' · ', g.name, r.email, r.phone_number) subtitle,
      '/resident/' || r.id link
    from page p join pre_registered_residents r on r.id = p.id join groups g on g.id = r.group_id
    where p.model = 'Resident'`,
  Group: sql`select p.*, g.name title,
      concat_ws(', ', g.property_address->>'addressLine1', g.property_address->>'city', g.property_address->>'postalCode') subtitle,
      '/group/' || g.id || '/dashboard' link
    from page p join groups g on g.id = p.id where p.model = 'Group'`,
  WasteSample: sql`select p.*, w.sample_number title, g.name subtitle, '/group/' || g.id || '/dashboard' link
    from page p join waste_samples w on w.id = p.id join groups g on g.id = w.property_id where p.model = 'WasteSample'`,
};

/**
 * Hits in rank order (whole words found, then dogs before groups before people), then by title, kind and id: the same
 * order however many match. Each branch gives (model, id, sort_key, rank); the page is cut from their union.
 */
export async function universalSearch(db: Db, caller: Caller, input: SearchInput, mayViewPeople: boolean) {
  const branches = new Map<SearchModel, SQL>();
  /** The kinds whose shown fields the page needs: the branches', and both people kinds when one branch reads both. */
  const shown = new Set<SearchModel>();
  const want = (model: SearchModel) => input.models.includes(model);
  const { words } = input;
  const text = words.length > 0;
  const textOnly = !hasAddress(input.address);
  const f = input.filters;
  const dogFilter = given(f.dog);
  const ownerFilter = given(f.owner);
  // A filter on dogs leaves out every other kind; one on owners every kind but dogs and owners.
  const peopleOrPlaces = !dogFilter && !ownerFilter;
  const filtered = dogFilter || ownerFilter || f.propertyName !== undefined;
  const searched = text || hasAddress(input.address) || filtered;
  if (want('Pet') && textOnly && (text || input.sampleNumber || filtered)) {
    const match = input.sampleNumber
      ? sql`upper(x.sample_number) = ${input.sampleNumber}`
      : text
        ? sql`${PET_DOC} @@ ${prefixQuery(words)}`
        : sql`true`;
    const owned =
      ownerFilter || f.propertyName
        ? sql`x.pet_owner_id is not null and ${ownerFilterSql(sql`x.pet_owner_id`, f)}`
        : sql`true`;
    const rank = input.sampleNumber ? sql`1::float8` : text ? wholeWords(PET_DOC, words) : sql`0::float8`;
    branches.set(
      'Pet',
      sql`select 'Pet' model, x.id, lower(x.name) sort_key, ${rank} + 0.1 rank
      from pets x where ${match} and ${dogFilterSql(f.dog)} and ${owned}
        and ${petInScopeSql(caller, sql`x.pet_owner_id`)}`,
    );
  }
  const owners = want('PetOwner') && mayViewPeople && !dogFilter && searched;
  const residents = want('Resident') && mayViewPeople && peopleOrPlaces && searched;
  if (text && owners && residents && caller.isProviderStaff && !hasAddress(input.address) && !filtered) {
    // Nothing narrows the people: both kinds from one read of their words.
    branches.set(
      'PetOwner',
      sql`select case m.kind when ${PERSON_KIND.PetOwner} then 'PetOwner' else 'Resident' end model, m.id, m.sort_key,
          m.exact::float8 rank from (${peopleHitsSql(words, null)}) m`,
    );
    shown.add('Resident');
  } else {
    if (owners)
      branches.set(
        'PetOwner',
        text
          ? sql`select 'PetOwner' model, m.id, m.sort_key, m.exact::float8 rank
              from (${peopleHitsSql(words, PERSON_KIND.PetOwner)}) m where ${ownerKeptSql(caller, sql`m.id`, input)}`
          : sql`select 'PetOwner' model, u.id, lower(${OWNER_TITLE}) sort_key, 0::float8 rank
              from users u where u.role_id = ${UserRole.PetOwner} and ${ownerKeptSql(caller, sql`u.id`, input)}`,
      );
    if (residents) {
      const narrowed = hasAddress(input.address) || f.propertyName !== undefined || !caller.isProviderStaff;
      const kept = narrowed ? residentKeptSql(caller, sql`m.id`, input) : sql`true`;
      branches.set(
        'Resident',
        text
          ? sql`select 'Resident' model, m.id, m.sort_key, m.exact::float8 rank
              from (${peopleHitsSql(words, PERSON_KIND.Resident)}) m where ${kept}`
          : sql`select 'Resident' model, r.id, lower(${RESIDENT_TITLE}) sort_key, 0::float8 rank
              from pre_registered_residents r join groups g on g.id = r.group_id where ${residentRowSql(caller, input)}`,
      );
    }
  }
  if (want('Group') && peopleOrPlaces && searched) {
    branches.set(
      'Group',
      sql`select 'Group' model, g.id, lower(g.name) sort_key, ${text ? wholeWords(GROUP_DOC, words) : sql`0::float8`} + 0.05 rank
      from groups g where ${text ? sql`${GROUP_DOC} @@ ${prefixQuery(words)}` : sql`true`}
        and ${addressSql(sql`coalesce(g.property_address, g.mailing_address)`, input.address)}
        and ${propertyNamed(sql`g`, f.propertyName)} and ${groupInScopeSql(caller, sql`g.path`)}`,
    );
  }
  if (want('WasteSample') && textOnly && peopleOrPlaces && input.sampleNumber) {
    branches.set(
      'WasteSample',
      sql`select 'WasteSample' model, w.id, lower(w.sample_number) sort_key, 1::float8 rank
      from waste_samples w join groups p on p.id = w.property_id
      where upper(w.sample_number) = ${input.sampleNumber} and ${propertyNamed(sql`p`, f.propertyName)}
        and ${groupInScopeSql(caller, sql`p.path`)}`,
    );
  }
  if (branches.size === 0) return [];
  for (const model of branches.keys()) shown.add(model);
  return queryRows<SearchRow>(
    db,
    sql`with page as (
        select h.*, count(*) over () total from (${sql.join([...branches.values()], sql` union all `)}) h
        order by h.rank desc, h.sort_key, h.model, h.id limit ${input.limit} offset ${input.offset})
      select d.model, d.id, d.title, d.subtitle, d.link, d.rank, d.total
      from (${sql.join(
        [...shown].map((m) => DISPLAY[m]),
        sql` union all `,
      )}) d
      order by d.rank desc, d.sort_key, d.model, d.id`,
  );
}
