// Which statements get a name (and so a cached plan on each connection): hot ones after a few runs, never an export's
// keyset batch, which must be planned for its own values each time.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PLANNED_PER_RUN, nameHotStatements } from './hot-statements.ts';

/** A connection's query as node-postgres receives it: the config each call reaches the driver with. */
function connectionSeeing(): { client: pg.PoolClient; sent: { text: string; name?: string }[] } {
  const sent: { text: string; name?: string }[] = [];
  const driver = {
    query(config: { text: string; name?: string }) {
      sent.push({ text: config.text, name: config.name });
      return Promise.resolve({ rows: [] });
    },
  };
  const client = Object.create(driver) as pg.PoolClient;
  nameHotStatements(client);
  return { client, sent };
}

describe('hot statements', () => {
  it('names a statement once it has run three times, and keeps the name', async () => {
    const { client, sent } = connectionSeeing();
    const text = `select id from pets where id = $1 -- ${Math.random()}`;
    for (let run = 0; run < 5; run++) await client.query({ text, values: [run] });
    expect(sent.map((call) => call.name === undefined)).toEqual([true, true, false, false, false]);
    expect(new Set(sent.slice(2).map((call) => call.name)).size).toBe(1);
  });

  it('never names a statement marked to be planned per run, however often it runs', async () => {
    const { client, sent } = connectionSeeing();
    const text = `select id from pets where id > $1 order by id limit $2 ${PLANNED_PER_RUN} -- ${Math.random()}`;
    for (let run = 0; run < 10; run++) await client.query({ text, values: [run, 1000] });
    expect(sent).toHaveLength(10);
    expect(sent.every((call) => call.name === undefined)).toBe(true);
  });
});
