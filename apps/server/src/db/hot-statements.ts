// Names the statements the server sends again and again, so that each pooled PostgreSQL connection parses them once
// and, after a few runs, plans them once: for the everyday read, parsing and planning cost the database more than
// running it (docs/performance.md, "Requests"). Only node-postgres connections; PGlite has no pool and runs unnamed.
import crypto from 'node:crypto';
import type pg from 'pg';

/** A text seen this often is worth a name; rarer ones (one-off reports, generated IN lists) stay unnamed. */
const RUNS_BEFORE_NAMING = 3;
/**
 * The most names a process gives out: every connection may keep that many statements (with their plans) in the
 * database's memory, so a flood of distinct texts must not grow it without end. The hot set of the app is far smaller.
 */
const MAX_NAMED = 256;
/** Texts counted but not yet named are forgotten in bulk past this many (they were not hot). */
const MAX_COUNTED = 4096;

/**
 * A statement whose text holds this comment is planned on every run, however often it runs: an export's keyset batch
 * (platform/paging.queries.ts) depends on its values (the batch's start, a small property or a whole distributorship)
 * so much that PostgreSQL's cached generic plan, chosen after five runs, scanned every row for each batch (3.4 s a
 * batch against 0.2 s planned per run, issue 39). A batch is read once per thousand rows: its planning is noise.
 */
export const PLANNED_PER_RUN = '/* planned per run */';

const names = new Map<string, string>();
const counts = new Map<string, number>();

/** The name to prepare `text` under, once it has proven hot; undefined while it has not (or the budget is spent). */
function statementName(text: string): string | undefined {
  const named = names.get(text);
  if (named) return named;
  if (names.size >= MAX_NAMED || text.includes(PLANNED_PER_RUN)) return undefined;
  const seen = (counts.get(text) ?? 0) + 1;
  if (seen < RUNS_BEFORE_NAMING) {
    if (counts.size >= MAX_COUNTED) counts.clear();
    counts.set(text, seen);
    return undefined;
  }
  counts.delete(text);
  const name = `h_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Makes `client` send hot statements as named prepared statements. Patched per connection (from the pool's 'connect'
 * event), so the pool's own `query` and drizzle's transactions both go through it.
 */
export function nameHotStatements(client: pg.PoolClient): void {
  // Looked up at each call, not bound once: whatever wraps the driver's query later (the benchmarks count statements
  // by patching it) still sees these calls.
  const send = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    if (typeof first === 'object' && first !== null && !('submit' in first)) {
      const config = first as QueryConfigLike;
      if (typeof config.text === 'string' && config.name === undefined) {
        const name = statementName(config.text);
        if (name) args[0] = { ...config, name };
      }
    } else if (typeof first === 'string' && Array.isArray(args[1])) {
      // pool.query(text, values): pg-boss's polling and the job queue's calls.
      const name = statementName(first);
      if (name) args.splice(0, 2, { text: first, values: args[1], name });
    }
    return send(...args);
  };
}
