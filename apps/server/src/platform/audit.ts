// The one audit writer: every mutation calls it inside its own transaction. Entries form hash chains (AUDIT_CHAINS of
// them, each append taking the next in turn); inside a transaction opened by withTransaction they are appended just
// before COMMIT, so a chain's lock is held only for the append and the commit, and concurrent writers spread over the
// chains instead of queueing on one.
import crypto from 'node:crypto';
import type { Db } from '../db/client.ts';
import {
  allChainHeads,
  chainEntriesAfter,
  chainHeadForUpdate,
  chainsInLog,
  createChainHeadFromLog,
  insertEntriesAfterKnownHead,
  insertEntriesMovingHead,
} from './audit.queries.ts';
import { auditUserName } from './api-keys.ts';
import { canonicalJson, toJsonValue } from './canonical-json.ts';
import { openTransactionOf, type OpenTransaction, type RequestContext } from './context.ts';

type AuditAction =
  | 'Create'
  | 'Update'
  | 'Delete'
  | 'Activate'
  | 'Deactivate'
  | 'Login'
  | 'Logout'
  | 'PasswordChange'
  | 'PasswordReset'
  | string;
export type AuditEntry = {
  entityType: string;
  entityId: string | number | null;
  actionType: AuditAction;
  before?: unknown;
  after?: unknown;
};

/**
 * Chains the log is spread over. Each is a complete hash chain with its own sequence and lock: deleting, editing or
 * moving an entry breaks the chain it was on. One chain made every audited commit in the registry wait for the one
 * before (the lock is held through the commit's flush to disk); with several, concurrent commits rarely meet.
 */
export const AUDIT_CHAINS = 8;
/** The chain the next append of this process takes (processes share the chains; each lock keeps a chain whole). */
let nextChain = 0;
const GENESIS_HASH = '0'.repeat(64);

type HashedFields = {
  sequence: number;
  dateCreated: Date;
  userId: number | null;
  userName: string | null;
  entityType: string;
  entityId: string | null;
  actionType: string;
  before: unknown;
  after: unknown;
  prevHash: string;
};

export function auditHash(fields: HashedFields): string {
  const content = canonicalJson({ ...fields, dateCreated: fields.dateCreated.toISOString() });
  return crypto.createHash('sha256').update(content).digest('hex');
}

type AuditCaller = Pick<RequestContext, 'caller' | 'requestId'> & { db?: Db; transaction?: OpenTransaction };
type PendingEntry = { entry: AuditEntry; ctx: Pick<RequestContext, 'caller' | 'requestId'>; dateCreated: Date };

/** Appends an entry. Call it with the transaction that makes the change, so both commit or neither does. */
export async function writeAudit(tx: Db, ctx: AuditCaller, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, ctx, [entry]);
}

/** Rows per multi-row insert (about a dozen parameters each, well under PostgreSQL's 65,535). */
const AUDIT_INSERT_BATCH = 1000;

/** Entries waiting for their transaction's COMMIT, in the order they were written. */
const pendingByTransaction = new WeakMap<OpenTransaction, PendingEntry[]>();

/**
 * Appends several entries in order, as that many writeAudit calls would (a set-based change such as approving a plate
 * of pets). Inside the context's open transaction they wait for its end; otherwise they are appended now.
 */
export async function writeAudits(tx: Db, ctx: AuditCaller, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const dateCreated = new Date();
  const caller = { caller: ctx.caller, requestId: ctx.requestId };
  const pending = entries.map((entry) => ({ entry, ctx: caller, dateCreated }));
  // Found by the handle too: a service that passes the outer context with the transaction's handle would otherwise
  // append at once and hold a chain's lock to the end, and two such transactions could each hold the chain the other
  // waits for.
  const open = ctx.transaction && ctx.db === tx ? ctx.transaction : openTransactionOf(tx);
  if (open) {
    const queued = pendingByTransaction.get(open);
    if (queued) {
      queued.push(...pending);
      return;
    }
    pendingByTransaction.set(open, pending);
    open.beforeCommit.push((db) => appendToChain(db, pendingByTransaction.get(open) ?? []));
    return;
  }
  await appendToChain(tx, pending);
}

/**
 * The chain's head row, locked until the transaction ends: appends to one chain queue here, and a waiting append reads
 * the head the one before it wrote (a row lock answers the newest committed version, which a lock taken by another
 * statement before a read would not guarantee). A chain's first append creates its head from the chain's last entry.
 */
async function lockChainHead(tx: Db, chain: number): Promise<{ sequence: number; hash: string }> {
  for (let attempt = 0; ; attempt++) {
    const head = await chainHeadForUpdate(tx, chain);
    if (head) return head;
    if (attempt > 0) throw new Error(`The audit chain ${chain} has no head.`);
    await createChainHeadFromLog(tx, chain, GENESIS_HASH);
  }
}

/**
 * Each chain's head as this process last committed it. An append that finds its chain's head still there moves it and
 * inserts its entries in one statement; one that finds it moved (another process, a transaction of this one that
 * committed meanwhile, a restored database) takes the head's lock and appends as if nothing were known.
 */
const knownHeads = new Map<number, { sequence: number; hash: string }>();

/**
 * Remembers a committed head. One read under the head's lock replaces what was known (a restored database may have
 * put the chain behind it); otherwise the furthest head wins, as this process's commits may report out of order.
 */
function rememberHead(chain: number, head: { sequence: number; hash: string }, readUnderLock: boolean) {
  const known = knownHeads.get(chain);
  if (readUnderLock || !known || known.sequence < head.sequence) knownHeads.set(chain, head);
}

/** Forgets every known head (tests: stands for a process that has not appended yet). */
export const forgetKnownAuditHeads = () => knownHeads.clear();

/** Appends of this process by the way they found their chain's head (diagnostics and tests). */
export const auditAppendCounts = { afterKnownHead: 0, afterLockedHead: 0 };

type ChainedEntry = HashedFields & { chain: number; requestId: string; hash: string };

function chainEntries(chain: number, head: { sequence: number; hash: string }, pending: readonly PendingEntry[]) {
  let sequence = head.sequence;
  let prevHash = head.hash;
  return pending.map(({ entry, ctx, dateCreated }): ChainedEntry => {
    const fields: HashedFields = {
      sequence: ++sequence,
      dateCreated,
      userId: ctx.caller?.userId ?? null,
      userName: auditUserName(ctx.caller),
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      actionType: entry.actionType,
      before: toJsonValue(entry.before ?? null),
      after: toJsonValue(entry.after ?? null),
      prevHash,
    };
    prevHash = auditHash(fields);
    return { ...fields, chain, requestId: ctx.requestId, hash: prevHash };
  });
}

/**
 * One statement: the head moves from `known` to the last entry and the entries are inserted, or, when the head is no
 * longer `known`, nothing happens. A concurrent append holding the head is waited out; the head is then read again
 * and no longer matches. Answers whether the entries were appended.
 */
async function appendAfterKnownHead(
  tx: Db,
  chain: number,
  known: { sequence: number; hash: string },
  rows: ChainedEntry[],
) {
  const last = rows[rows.length - 1];
  const appended = await insertEntriesAfterKnownHead(tx, {
    chain,
    knownSequence: known.sequence,
    knownHash: known.hash,
    lastSequence: last.sequence,
    lastHash: last.hash,
    entries: JSON.stringify(rows.map((row) => ({ ...row, dateCreated: row.dateCreated.toISOString() }))),
  });
  return appended.length === rows.length;
}

/**
 * Appends to the next chain in turn: in one statement after the head this process knows, else with one read of the
 * head (locking it) and one statement per thousand entries inserting them and moving it. The head is remembered once
 * the transaction commits.
 */
async function appendToChain(tx: Db, pending: readonly PendingEntry[]): Promise<void> {
  if (pending.length === 0) return;
  const chain = nextChain;
  nextChain = (nextChain + 1) % AUDIT_CHAINS;
  const known = knownHeads.get(chain);
  let rows: ChainedEntry[] | null = null;
  if (known && pending.length <= AUDIT_INSERT_BATCH) {
    rows = chainEntries(chain, known, pending);
    if (await appendAfterKnownHead(tx, chain, known, rows)) auditAppendCounts.afterKnownHead++;
    else rows = null;
  }
  const readUnderLock = !rows;
  if (!rows) {
    auditAppendCounts.afterLockedHead++;
    rows = chainEntries(chain, await lockChainHead(tx, chain), pending);
    for (let start = 0; start < rows.length; start += AUDIT_INSERT_BATCH) {
      const batch = rows.slice(start, start + AUDIT_INSERT_BATCH);
      const last = batch[batch.length - 1];
      await insertEntriesMovingHead(tx, chain, batch, last);
    }
  }
  const last = rows[rows.length - 1];
  // Known only once durable: a rolled-back append leaves the head where it was.
  openTransactionOf(tx)?.hooks.push(() =>
    rememberHead(chain, { sequence: last.sequence, hash: last.hash }, readUnderLock),
  );
}

/**
 * Walks each chain in order and reports the first entry whose hash, link or place in its chain does not hold, or a chain
 * that does not end at its recorded head (its last entries deleted: firstBrokenId is then null).
 */
export async function verifyAuditChain(
  db: Db,
): Promise<{ ok: boolean; checked: number; firstBrokenId: number | null }> {
  // One snapshot for the heads and every entry: appends committed while the walk runs are not half seen (an entry
  // without its head, or a head past the entries read), which would report a whole chain as broken.
  return db.transaction((tx) => verifySnapshot(tx as unknown as Db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function verifySnapshot(db: Db): Promise<{ ok: boolean; checked: number; firstBrokenId: number | null }> {
  const heads = new Map((await allChainHeads(db)).map((head) => [head.chain, head]));
  const chains = new Set([...heads.keys(), ...(await chainsInLog(db))]);
  let checked = 0;
  for (const chain of [...chains].sort((a, b) => a - b)) {
    const walked = await verifyOneChain(db, chain);
    checked += walked.checked;
    if (walked.firstBrokenId !== null) return { ok: false, checked, firstBrokenId: walked.firstBrokenId };
    const head = heads.get(chain);
    if (head?.sequence !== walked.lastSequence || head?.hash !== walked.lastHash)
      return { ok: false, checked, firstBrokenId: null };
  }
  return { ok: true, checked, firstBrokenId: null };
}

async function verifyOneChain(db: Db, chain: number) {
  let prevHash = GENESIS_HASH;
  let expectedSequence = 1;
  let checked = 0;
  let afterSequence = 0;
  for (;;) {
    const batch = await chainEntriesAfter(db, chain, afterSequence, 5000);
    if (batch.length === 0)
      return { checked, firstBrokenId: null, lastSequence: expectedSequence - 1, lastHash: prevHash };
    for (const row of batch) {
      const recomputed = auditHash({
        sequence: row.sequence,
        dateCreated: row.dateCreated,
        userId: row.userId,
        userName: row.userName,
        entityType: row.entityType,
        entityId: row.entityId,
        actionType: row.actionType,
        before: row.before,
        after: row.after,
        prevHash: row.prevHash,
      });
      // A deleted entry shows as a gap in the sequence or a link to a hash that is no longer the previous one.
      if (row.sequence !== expectedSequence || row.prevHash !== prevHash || row.hash !== recomputed) {
        return { checked, firstBrokenId: row.id, lastSequence: row.sequence, lastHash: row.hash };
      }
      prevHash = row.hash;
      expectedSequence++;
      checked++;
      afterSequence = row.sequence;
    }
  }
}
