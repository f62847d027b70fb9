// The benchmark population on the PostgreSQL server, built set-wise: 10,000 properties under distributorships and
// management groups, their managers, pet owners with pets, and pre-registered residents, in the sizes a benchmark asks;
// and the people-sized one (1,000,000 pets at scale 1) the people and reports benchmarks share.
import type { Db } from '../src/db/client.ts';
import { exec } from './harness.ts';

const DISTRIBUTORSHIPS = 20;
const MANAGEMENT_GROUPS_PER_DISTRIBUTORSHIP = 5;
export const PROPERTIES_PER_MANAGEMENT_GROUP = 100;

export type PopulationSize = {
  ownersPerProperty: number;
  /** Each owner gets up to this many pets, one in `petSkipEvery` left out, so counts vary by owner. */
  petsPerOwner: number;
  petSkipEvery: number;
  residentsPerProperty: number;
  /** The tree's shape above the properties; 20 distributorships of 5 management groups unless given. */
  distributorships?: number;
  managementGroupsPerDistributorship?: number;
};

/** 10,000 properties with 300,000 pet owners, about 1,000,000 pets and 300,000 residents at scale 1. */
export const peoplePopulationSize = (scale: number): PopulationSize => ({
  ownersPerProperty: Math.max(1, Math.round(30 * scale)),
  petsPerOwner: 4,
  petSkipEvery: 6,
  residentsPerProperty: Math.max(1, Math.round(30 * scale)),
});

const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Cara',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivan',
  'Jo',
  'Kai',
  'Lena',
  'Max',
  'Nia',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Tess',
];
const LAST_NAMES = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Miller',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quist',
  'Rossi',
  'Smith',
  'Tanaka',
  'Ueda',
  'Vance',
  'Weber',
  'Xu',
  'Young',
  'Zhang',
];
const pick = (names: string[], expression: string) =>
  `(array[${names.map((name) => `'${name}'`).join(',')}])[1 + (${expression}) % ${names.length}]`;

/** Builds the tree set-wise (generate_series), then members, pets, residents and admins with sign-in dates. */
export async function buildPopulation(db: Db, size: PopulationSize) {
  await exec(db, `insert into groups (name, group_type, path, depth) values ('Bench Root', 0, '/', 0)`);
  await exec(db, `update groups set path = '/' || id || '/' where group_type = 0`);
  await exec(
    db,
    `insert into groups (name, group_type, parent_id, path, depth)
    select 'Distributorship ' || i, 2, r.id, '', 1 from groups r, generate_series(1, ${size.distributorships ?? DISTRIBUTORSHIPS}) i where r.group_type = 0`,
  );
  await exec(
    db,
    `update groups g set path = p.path || g.id || '/' from groups p where p.id = g.parent_id and g.group_type = 2`,
  );
  await exec(
    db,
    `insert into groups (name, group_type, parent_id, path, depth)
    select d.name || ' MG ' || i, 1, d.id, '', 2 from groups d, generate_series(1, ${size.managementGroupsPerDistributorship ?? MANAGEMENT_GROUPS_PER_DISTRIBUTORSHIP}) i where d.group_type = 2`,
  );
  await exec(
    db,
    `update groups g set path = p.path || g.id || '/' from groups p where p.id = g.parent_id and g.group_type = 1`,
  );
  await exec(
    db,
    `insert into groups (name, group_type, parent_id, path, depth, is_active, phone, property_address, property_pre_register_code)
    select 'Property ' || lpad((m.id * 1000 + i)::text, 8, '0'), 4, m.id, '', 3, (i % 10) <> 0, '(512) 555-' || lpad((i * 7 % 10000)::text, 4, '0'),
      jsonb_build_object('city', 'City ' || (i % 50), 'stateId', 'US-TX', 'countryId', 'US'), 'B' || m.id || 'P' || i
    from groups m, generate_series(1, ${PROPERTIES_PER_MANAGEMENT_GROUP}) i where m.group_type = 1`,
  );
  await exec(
    db,
    `update groups g set path = p.path || g.id || '/' from groups p where p.id = g.parent_id and g.group_type = 4`,
  );
  // One property manager per property, signed in at some point in the last year.
  await exec(
    db,
    `insert into users (user_name, email, first_name, last_name, role_id, last_login)
    select 'pm' || g.id, 'pm' || g.id || '@bench.example', 'Pat', 'M' || g.id, 7, now() - (g.id % 365) * interval '1 day' from groups g where g.group_type = 4`,
  );
  await exec(
    db,
    `insert into group_admins (group_id, user_id, is_primary) select substr(u.user_name, 3)::int, u.id, true from users u where u.user_name like 'pm%'`,
  );
  await exec(
    db,
    `insert into users (user_name, email, first_name, last_name, role_id)
    select 'owner' || g.id || '_' || i, 'owner' || g.id || '_' || i || '@bench.example', ${pick(FIRST_NAMES, 'g.id + i')}, ${pick(LAST_NAMES, 'g.id * 7 + i * 3')} || ' ' || g.id, 3
    from groups g, generate_series(1, ${size.ownersPerProperty}) i where g.group_type = 4`,
  );
  await exec(
    db,
    `insert into pet_owner_groups (pet_owner_id, group_id, move_out_date)
    select u.id, split_part(substr(u.user_name, 6), '_', 1)::int, case when u.id % 17 = 0 then now() else null end from users u where u.user_name like 'owner%'`,
  );
  const statuses = [0, 10, 15, 20, 30, 40, 45, 50, 55, 300, 350, 400, 500];
  await exec(
    db,
    `insert into pets (pet_owner_id, name, sample_number, customer_facing_status, date_created, date_updated)
    select u.id, 'Dog ' || u.id || '-' || i, 'DN' || lpad((u.id * 10 + i)::text, 7, '0'), (array[${statuses.join(',')}])[1 + (u.id * 7 + i) % ${statuses.length}], now() - (u.id % 700) * interval '1 day', now() - (u.id % 300) * interval '1 day'
    from users u, generate_series(1, ${size.petsPerOwner}) i where u.user_name like 'owner%' and (u.id + i) % ${size.petSkipEvery} <> 0`,
  );
  await exec(
    db,
    `insert into pre_registered_residents (group_id, first_name, last_name, email, phone_number, unit_number, status, has_dogs, date_pre_registered)
    select g.id, ${pick(FIRST_NAMES, 'g.id + i * 5')}, ${pick(LAST_NAMES, 'g.id * 3 + i')} || ' R' || g.id, 'res' || g.id || '_' || i || '@bench.example',
      '(512) 555-' || lpad(((g.id + i) % 10000)::text, 4, '0'), (100 + i)::text, case when (g.id + i) % 3 = 0 then 20 else 10 end, (g.id + i) % 2 = 0,
      now() - ((g.id + i) % 400) * interval '1 day'
    from groups g, generate_series(1, ${size.residentsPerProperty}) i where g.group_type = 4`,
  );
  await exec(db, 'analyze');
}
