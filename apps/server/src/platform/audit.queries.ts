// SQL of the audit chain (platform/audit.ts keeps the rules: which chain, the hashes, when a head is known): the chain
// heads, the appends that move a head with their entries in one statement, and the ordered walk the verification reads.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../db/client.ts';
import { auditChainHeads, auditLog } from '../db/schema/index.ts';

/** A chain's head, locked until the transaction ends; undefined before the chain's first append. */
export async function chainHeadForUpdate(tx: Db, chain: number) {
  const [head] = await tx
    .select({ sequence: auditChainHeads.sequence, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chain))
    .for('update');
  return head;
}

/** Creates a chain's head from its last entry (or the genesis hash); a head made meanwhile by another append stays. */
export async function createChainHeadFromLog(tx: Db, chain: number, genesisHash: string) {
  await tx.execute(sql`insert into ${auditChainHeads} (chain, sequence, hash)
    select ${chain}, coalesce(max(${auditLog.sequence}), 0),
      coalesce((select ${auditLog.hash} from ${auditLog} where ${auditLog.chain} = ${chain}
        order by ${auditLog.sequence} desc limit 1), ${genesisHash})
    from ${auditLog} where ${auditLog.chain} = ${chain}
    on conflict (chain) do nothing`);
}

const value = (name: string) => sql.placeholder(name);
/**
 * The head moves from the known one to the last entry and the entries are inserted, in one statement; nothing happens
 * when the head is no longer the known one.
 */
export const insertEntriesAfterKnownHead = preparedStatement<{ appended: number }>(
  'audit.appendAfterKnownHead',
  () => sql`with moved as (
      update ${auditChainHeads} set sequence = ${value('lastSequence')}, hash = ${value('lastHash')}
      where chain = ${value('chain')} and sequence = ${value('knownSequence')} and hash = ${value('knownHash')}
      returning chain)
    insert into ${auditLog} (date_created, user_id, user_name, entity_type, entity_id, action_type, before, after,
      request_id, prev_hash, hash, sequence, chain)
    select e."dateCreated", e."userId", e."userName", e."entityType", e."entityId", e."actionType", e.before, e.after,
      e."requestId", e."prevHash", e.hash, e.sequence, e.chain
    from jsonb_to_recordset(${value('entries')}::jsonb) as e("dateCreated" timestamptz, "userId" int, "userName" text,
      "entityType" text, "entityId" text, "actionType" text, before jsonb, after jsonb, "requestId" text,
      "prevHash" text, hash text, sequence bigint, chain smallint)
    where exists (select 1 from moved)
    returning 1 as appended`,
);

/** Inserts a batch of entries and moves the (locked) head to its last one, in one statement. */
export async function insertEntriesMovingHead(
  tx: Db,
  chain: number,
  batch: (typeof auditLog.$inferInsert)[],
  last: { sequence: number; hash: string },
) {
  await tx.execute(sql`with entries as (${tx.insert(auditLog).values(batch).getSQL()})
    update ${auditChainHeads} set sequence = ${last.sequence}, hash = ${last.hash} where chain = ${chain}`);
}

export const allChainHeads = (db: Db) => db.select().from(auditChainHeads);

export async function chainsInLog(db: Db): Promise<number[]> {
  return (await db.selectDistinct({ chain: auditLog.chain }).from(auditLog)).map((row) => row.chain);
}

/** A chain's entries after a sequence number, in order. */
export const chainEntriesAfter = (db: Db, chain: number, afterSequence: number, limit: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.chain, chain), gt(auditLog.sequence, afterSequence)))
    .orderBy(asc(auditLog.sequence))
    .limit(limit);
