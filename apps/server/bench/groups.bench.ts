// Group hierarchy benchmark on the PostgreSQL server: a fresh database with 10,000 properties under distributorships and
// management groups, then p50/p99 of the children call, the subgroups list and the root dashboard through the service
// layer, each beside a naive recursive-CTE baseline (WITH RECURSIVE over parent_id) run in the same process.
// Run: npm run bench -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';
import { children } from '../src/modules/groups/groups.service.ts';
import { subgroups } from '../src/modules/groups/subgroups.service.ts';
import { dashboard } from '../src/modules/groups/dashboard.service.ts';
import { benchContext, exec, runCases, withBenchDatabase } from './harness.ts';
import { PROPERTIES_PER_MANAGEMENT_GROUP, buildPopulation } from './population.ts';

const SUBTREE = (rootId: number) => `with recursive sub as (
    select id, parent_id from groups where parent_id = ${rootId}
    union all select g.id, g.parent_id from groups g join sub s on g.parent_id = s.id)`;

/** The naive versions: the subtree found by walking parent_id recursively, dates computed for every row before paging. */
const baselines = {
  children: (db: Db, groupId: number) =>
    queryRows(
      db,
      sql.raw(`${SUBTREE(groupId)}
      select c.id, c.name, c.group_type, c.is_active, c.parent_id,
        exists (select 1 from sub s where s.parent_id = c.id and (select is_active from groups x where x.id = s.id)) as has_children,
        exists (select 1 from sub s where s.parent_id = c.id and not (select is_active from groups x where x.id = s.id)) as has_inactive_children
      from groups c where c.parent_id = ${groupId} and c.is_active order by c.name`),
    ),
  subgroups: (db: Db, groupId: number) =>
    queryRows(
      db,
      sql.raw(`${SUBTREE(groupId)}
      select g.id, g.name, g.group_type, g.is_active, p.name as parent_name, g.phone,
        (select max(u.last_login) from group_admins ga join users u on u.id = ga.user_id where ga.group_id = g.id) as last_login,
        (select max(pt.date_created) from pet_owner_groups pog join pets pt on pt.pet_owner_id = pog.pet_owner_id where pog.group_id = g.id and pog.move_out_date is null) as last_pet,
        count(*) over () as total
      from sub join groups g on g.id = sub.id left join groups p on p.id = g.parent_id
      where g.is_active order by lower(g.name), g.id limit 25`),
    ),
  dashboard: async (db: Db, groupId: number) => {
    const groupsIn = `(${SUBTREE(groupId)} select id from sub)`;
    const propertiesIn = `(select id from groups where id in ${groupsIn} and group_type in (3, 4) and is_active)`;
    await queryRows(
      db,
      sql.raw(
        `select count(*) filter (where is_active), count(*) filter (where not is_active), count(*) from groups where id in ${groupsIn}`,
      ),
    );
    await queryRows(
      db,
      sql.raw(`select count(*) filter (where customer_facing_status = 300), count(*) filter (where customer_facing_status in (10, 45, 55)), count(*)
      from pets p where p.pet_owner_id in (select pet_owner_id from pet_owner_groups where move_out_date is null and group_id in ${propertiesIn})`),
    );
    await queryRows(
      db,
      sql.raw(`select (select count(distinct pet_owner_id) from pet_owner_groups where move_out_date is null and group_id in ${propertiesIn}),
      (select count(*) from pre_registered_residents where status = 20 and not has_dogs and group_id in ${propertiesIn}),
      (select count(*) from pet_owner_groups where move_out_date is not null and group_id in ${propertiesIn}),
      (select count(*) from pre_registered_residents where status = 10 and group_id in ${propertiesIn})`),
    );
  },
};

await withBenchDatabase('registry_bench', async (database, databaseUrl) => {
  const built = performance.now();
  await buildPopulation(database.db, {
    ownersPerProperty: 3,
    petsPerOwner: 2,
    petSkipEvery: 4,
    residentsPerProperty: 1,
  });
  const [sizes] = await queryRows<{ properties: string; groups: string; pets: string; owners: string }>(
    database.db,
    sql`select (select count(*) from groups where group_type = 4) as properties, (select count(*) from groups) as groups, (select count(*) from pets) as pets, (select count(*) from pet_owner_groups) as owners`,
  );
  console.log(
    `Built ${sizes.groups} groups (${sizes.properties} properties), ${sizes.owners} memberships, ${sizes.pets} pets in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  const [root] = await queryRows<{ id: number }>(database.db, sql`select id from groups where group_type = 0`);
  const [managementGroup] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from groups where group_type = 1 order by id limit 1`,
  );
  const [owner] = await queryRows<{ id: number }>(
    database.db,
    sql`select pet_owner_id as id from pet_owner_groups where move_out_date is null order by id limit 1`,
  );
  await exec(database.db, 'create table pets_without_tallies (like pets including all)');
  const [staff] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into users (user_name, role_id) values ('bench.staff', 0) returning id`,
  );
  const ctx = benchContext(database.db, databaseUrl, { userId: staff.id, userName: 'bench.staff', roleId: 0 });
  const results = await runCases([
    {
      bench: 'groups.children',
      n: PROPERTIES_PER_MANAGEMENT_GROUP,
      run: () => children(ctx, managementGroup.id, false),
      baseline: () => baselines.children(database.db, managementGroup.id),
    },
    {
      bench: 'groups.subgroups.root',
      n: Number(sizes.groups) - 1,
      run: () => subgroups(ctx, { groupId: root.id, page: 1, pageSize: 25, isActiveFilter: 'Active' }),
      baseline: () => baselines.subgroups(database.db, root.id),
    },
    {
      bench: 'groups.dashboard.root',
      n: Number(sizes.properties),
      run: () => dashboard(ctx, root.id, 0),
      baseline: () => baselines.dashboard(database.db, root.id),
    },
    // What the tallies cost a write: one pet added at a property (its tallies and its three ancestors' recounted by
    // the triggers), beside the same insert into a copy of the pets table without triggers.
    {
      bench: 'groups.tallies.petInsert',
      n: 1,
      run: () =>
        exec(
          database.db,
          `insert into pets (pet_owner_id, name, customer_facing_status) values (${owner.id}, 'Bench Dog', 10)`,
        ),
      baseline: () =>
        exec(
          database.db,
          `insert into pets_without_tallies (pet_owner_id, name, customer_facing_status) values (${owner.id}, 'Bench Dog', 10)`,
        ),
    },
  ]);
  const over = results.filter((r) => r.bench !== 'groups.tallies.petInsert' && r.p99 >= 50);
  if (over.length) console.log(`\nOver the 50 ms p99 target: ${over.map((r) => r.bench).join(', ')}`);
});
