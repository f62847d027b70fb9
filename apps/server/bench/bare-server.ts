// The baseline of the request benchmark: the bare stack (Fastify and node-postgres, no framework of ours) answering one
// signed-in-looking read with two indexed queries on the same database, the work a request cannot do with less. Prints
// its port on the first line of its output. Run: DATABASE_URL=... node bench/bare-server.ts
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
