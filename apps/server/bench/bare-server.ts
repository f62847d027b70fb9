// The baseline of the request benchmark: the bare stack (Fastify and node-postgres, no framework of ours) answering one
// signed-in-looking read with two indexed queries on the same database, the work a request cannot do with less; and the
// writes of the write benchmark (bench/writes.bench.ts) as the plain INSERTs (and UPDATEs) of the same rows in one
// transaction, with an audit row hashed as ours are. Prints its port on the first line of its output.
// Run: DATABASE_URL=... node bench/bare-server.ts
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const app = Fastify({ logger: false });

app.get<{ Querystring: { userId: string; groupId: string } }>('/bare', async (request) => {
  const user = await pool.query('select id, user_name, role_id from users where id = $1', [
    Number(request.query.userId),
  ]);
  const group = await pool.query('select id, name, group_type from groups where id = $1', [
    Number(request.query.groupId),
  ]);
  return { user: user.rows[0] ?? null, group: group.rows[0] ?? null };
});

/** The audit row each write appends (on a chain of its own, so ours are not disturbed), hashed like ours. */
async function auditRow(client: pg.PoolClient, userId: number, entity: string, entityId: number, after: unknown) {
  const text = JSON.stringify({ userId, entity, entityId, after });
  await client.query(
    `insert into audit_log (date_created, user_id, entity_type, entity_id, action_type, after, prev_hash, hash, sequence, chain)
     values (now(), $1, $2, $3, 'Create', $4, $5, $6, nextval('bare_audit_sequence'), 99)`,
    [userId, entity, String(entityId), text, '0'.repeat(64), crypto.createHash('sha256').update(text).digest('hex')],
  );
}

async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

type WasteBody = { sampleNumber: string; propertyId: number; userId: number };
app.post<{ Body: WasteBody }>('/bare/waste-sample', async (request) =>
  inTransaction(async (client) => {
    const { sampleNumber, propertyId, userId } = request.body;
    const sample = await client.query(
      `insert into waste_samples (sample_number, property_id, collected_by_name, created_by_id, updated_by_id)
       values ($1, $2, 'Bench', $3, $3) returning *`,
      [sampleNumber, propertyId, userId],
    );
    await client.query(
      `insert into sample_history (sample_number, entry_type, action, to_status, changed_by_user_id)
       values ($1, 0, 'created', 0, $2)`,
      [sampleNumber, userId],
    );
    await auditRow(client, userId, 'WasteSample', sample.rows[0].id, sample.rows[0]);
    return sample.rows[0];
  }),
);

type ApprovalBody = {
  residentId: number;
  dogId: number;
  groupId: number;
  userId: number;
  userName: string;
  sampleNumber: string;
};
app.post<{ Body: ApprovalBody }>('/bare/resident-approval', async (request) =>
  inTransaction(async (client) => {
    const { residentId, dogId, groupId, userId, userName, sampleNumber } = request.body;
    const owner = await client.query(
      `insert into users (user_name, role_id, first_name, last_name, date_approved) values ($1, 3, 'Bench', 'Owner', now())
       returning id`,
      [userName],
    );
    const ownerId = owner.rows[0].id as number;
    await client.query('insert into pet_owner_groups (pet_owner_id, group_id) values ($1, $2)', [ownerId, groupId]);
    const pet = await client.query(
      `insert into pets (name, sample_number, pet_owner_id) values ('Bench', $1, $2) returning id`,
      [sampleNumber, ownerId],
    );
    await client.query('update pre_registered_dogs set pet_id = $1 where id = $2', [pet.rows[0].id, dogId]);
    const resident = await client.query(
      `update pre_registered_residents set user_id = $1, status = 20, date_approved = now() where id = $2 returning *`,
      [ownerId, residentId],
    );
    await auditRow(client, userId, 'PreRegisteredResident', residentId, resident.rows[0]);
    return { petOwnerId: ownerId, userName };
  }),
);

// The plate's passing profiles written again as they stand (so the server's approval finds them untouched), with a
// history row each: the rows an approval writes, without its rules.
app.post<{ Body: { plateId: number; userId: number } }>('/bare/plate-approval', async (request) =>
  inTransaction(async (client) => {
    const { plateId, userId } = request.body;
    const profiles = await client.query(
      `update dna_profiles set lab_status = lab_status, date_approved = date_approved
       where plate_id = $1 and result = 'Pass' returning id, sample_number`,
      [plateId],
    );
    await client.query(
      `insert into sample_history (sample_number, entry_type, action, changed_by_user_id)
       select upper(unnest($1::text[])), 0, 'bench', $2`,
      [profiles.rows.map((row: { sample_number: string }) => row.sample_number), userId],
    );
    await auditRow(client, userId, 'DnaPlate', plateId, { approved: profiles.rows.length });
    return { approvedCount: profiles.rows.length };
  }),
);

await pool.query('create sequence if not exists bare_audit_sequence');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(new URL(address).port);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(
    signal,
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
