// People-and-pets benchmark on the PostgreSQL server (issue 13): 10,000 properties with 300,000 pet owners, about
// 1,000,000 pets and 300,000 pre-registered residents; p50/p99 of the pets-under-group list, the residents list, the
// pet owner search and the group dashboard through the service layer, at the root (lab staff) and at a property (its
// manager), each beside a plain query doing the same job without the tree path, indexes or tallies the services use.
// Run: npm run bench:people -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';
import { containsPattern } from '../src/db/like.ts';
import { dashboard } from '../src/modules/groups/dashboard.service.ts';
import { petsUnderGroup } from '../src/modules/pets/pets.service.ts';
import { searchPetOwners } from '../src/modules/petowners/petowners.service.ts';
import { listResidents } from '../src/modules/residents/residents.service.ts';
import { benchContext, runCases, withBenchDatabase, type BenchCase } from './harness.ts';
import { buildPopulation, peoplePopulationSize } from './population.ts';

const size = peoplePopulationSize(Number(process.env.BENCH_SCALE ?? 1));

const SUBTREE = (rootId: number) => `with recursive sub as (
    select id from groups where id = ${rootId}
    union all select g.id from groups g join sub s on g.parent_id = s.id)`;

/** The plain versions: the subtree walked by parent_id, everything counted and sorted row by row. */
const baselines = {
  pets: (db: Db, groupId: number, name?: string) =>
    queryRows(
      db,
      sql`${sql.raw(`${SUBTREE(groupId)}
      select p.id, p.name, p.sample_number, u.first_name || ' ' || u.last_name as owner, count(*) over () as total
      from pets p join users u on u.id = p.pet_owner_id
      where p.pet_owner_id in (select pet_owner_id from pet_owner_groups where move_out_date is null and group_id in (select id from sub))`)}
        ${name ? sql`and p.name ilike ${containsPattern(name)}` : sql``}
      order by p.name, p.id limit 25`,
    ),
  residents: (db: Db, groupId: number) =>
    queryRows(
      db,
      sql.raw(`${SUBTREE(groupId)}
      select r.id, r.first_name, r.last_name, r.unit_number, r.email, count(*) over () as total
      from pre_registered_residents r where r.group_id in (select id from sub)
      order by r.last_name, r.first_name, r.id limit 25`),
    ),
  ownerSearch: (db: Db, groupId: number, name: string) =>
    queryRows(
      db,
      sql.raw(`${SUBTREE(groupId)}
      select u.id, u.user_name, u.first_name, u.last_name, count(*) over () as total from users u
      where u.role_id = 3 and (u.first_name || ' ' || u.last_name) ilike '%${name}%'
        and exists (select 1 from pet_owner_groups m where m.pet_owner_id = u.id and m.group_id in (select id from sub))
      order by u.last_name, u.first_name, u.id limit 25`),
    ),
  dashboard: (db: Db, groupId: number) =>
    queryRows(
      db,
      sql.raw(`${SUBTREE(groupId)}
      select (select count(*) from pets p where p.pet_owner_id in (select pet_owner_id from pet_owner_groups where move_out_date is null and group_id in (select id from sub))),
        (select count(*) from pre_registered_residents where status = 10 and group_id in (select id from sub)),
        (select count(distinct pet_owner_id) from pet_owner_groups where move_out_date is null and group_id in (select id from sub))`),
    ),
};

await withBenchDatabase('registry_people_bench', async (database, databaseUrl, reused) => {
  const built = performance.now();
  if (!reused) await buildPopulation(database.db, size);
  const [sizes] = await queryRows<{ properties: string; owners: string; pets: string; residents: string }>(
    database.db,
    sql`select (select count(*) from groups where group_type = 4) as properties, (select count(*) from users where role_id = 3) as owners,
      (select count(*) from pets) as pets, (select count(*) from pre_registered_residents) as residents`,
  );
  console.log(
    `Built ${sizes.properties} properties, ${sizes.owners} pet owners, ${sizes.pets} pets, ${sizes.residents} residents in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  const [root] = await queryRows<{ id: number }>(database.db, sql`select id from groups where group_type = 0`);
  const [property] = await queryRows<{ id: number; manager: number; managerName: string }>(
    database.db,
    sql`select g.id, u.id as manager, u.user_name as "managerName" from groups g join group_admins a on a.group_id = g.id
      join users u on u.id = a.user_id where g.group_type = 4 and g.is_active order by g.id limit 1 offset 500`,
  );
  const [staff] = await queryRows<{ id: number }>(
    database.db,
    sql`with added as (insert into users (user_name, role_id) select 'bench.staff', 0
        where not exists (select 1 from users where user_name = 'bench.staff') returning id)
      select id from added union all select id from users where user_name = 'bench.staff'`,
  );
  const atRoot = benchContext(database.db, databaseUrl, { userId: staff.id, userName: 'bench.staff', roleId: 0 });
  const atProperty = benchContext(database.db, databaseUrl, {
    userId: property.manager,
    userName: property.managerName,
    roleId: 7,
  });
  const page = { page: 1, pageSize: 25 };
  const where = [
    { label: 'root', groupId: root.id, ctx: atRoot, n: Number(sizes.pets) },
    { label: 'property', groupId: property.id, ctx: atProperty, n: Math.round(Number(sizes.pets) / 10_000) },
  ];
  const cases: BenchCase[] = where.flatMap(({ label, groupId, ctx, n }) => [
    {
      bench: `people.petsUnderGroup.${label}`,
      n,
      run: () => petsUnderGroup(ctx, { ...page, groupId }),
      baseline: () => baselines.pets(database.db, groupId),
    },
    {
      bench: `people.petsUnderGroup.name.${label}`,
      n,
      run: () => petsUnderGroup(ctx, { ...page, groupId, nameFilter: 'Dog 12' }),
      baseline: () => baselines.pets(database.db, groupId, 'Dog 12'),
    },
    {
      bench: `people.residents.${label}`,
      n: label === 'root' ? Number(sizes.residents) : size.residentsPerProperty,
      run: () => listResidents(ctx, groupId, page, false),
      baseline: () => baselines.residents(database.db, groupId),
    },
    {
      bench: `people.ownerSearch.${label}`,
      n: label === 'root' ? Number(sizes.owners) : size.ownersPerProperty,
      run: () => searchPetOwners(ctx, { ...page, name: 'Chen' }),
      baseline: () => baselines.ownerSearch(database.db, groupId, 'Chen'),
    },
    // The root's name search walks the name order: a common last name at the end of the alphabet is its longest walk.
    ...(label === 'root'
      ? [
          {
            bench: `people.ownerSearch.lastInOrder.${label}`,
            n: Number(sizes.owners),
            run: () => searchPetOwners(ctx, { ...page, name: 'Zhang' }),
            baseline: () => baselines.ownerSearch(database.db, groupId, 'Zhang'),
          },
        ]
      : []),
    {
      bench: `people.dashboard.${label}`,
      n,
      run: () => dashboard(ctx, groupId, 0),
      baseline: () => baselines.dashboard(database.db, groupId),
    },
  ]);
  const results = await runCases(cases);
  const over = results.filter((r) => r.p99 >= 50);
  if (over.length) console.log(`\nOver the 50 ms p99 target: ${over.map((r) => r.bench).join(', ')}`);
});
