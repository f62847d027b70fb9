// The request context services receive: who calls, their role and group scope, the request id, the ports (db, mail,
// audit), and the open transaction with its after-commit hooks, so services called inside another's transaction join it.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mailer.ts';

export type Caller = {
  userId: number;
  userName: string;
  fullName: string;
  roleId: number;
  sessionId: number;
  isProviderStaff: boolean;
  isAdmin: boolean;
  isPetOwner: boolean;
  isResident: boolean;
  impersonatedByUserId: number | null;
  /** Set when the call came with an API key: the caller is then the key's creator narrowed to the key's groups. */
  apiKey?: ApiKeyScope;
};

/**
 * An API key's narrowing of its creator: `paths` are the key's groups (each with its subtree) that still lie in the
 * creator's own scope. A key caller is never whole-registry (isProviderStaff is false), whatever the creator's role.
 */
type ApiKeyScope = { id: number; name: string; readOnly: boolean; paths: string[] };

export type Services = { db: Db; config: Config; mailer: Mailer };

/** Work that must only happen once the change is durable (mail, notifications, in-memory indexes, file deletes). */
export type AfterCommitHook = (db: Db) => Promise<unknown> | unknown;

/** Work that must run last inside the transaction, just before COMMIT (the audit chain's append). */
type BeforeCommitHook = (tx: Db) => Promise<unknown>;

export type OpenTransaction = { outerDb: Db; hooks: AfterCommitHook[]; beforeCommit: BeforeCommitHook[] };

export type RequestContext = Services & {
  caller: Caller | null;
  requestId: string;
  ip: string;
  /** Set while `db` is a transaction opened by withTransaction; absent otherwise. */
  transaction?: OpenTransaction;
};

export type SignedInContext = RequestContext & { caller: Caller };

type TransactionalContext = Services & { transaction?: OpenTransaction };

/** The open transaction behind each transaction handle withTransaction gave out, for code handed only the handle. */
const openByHandle = new WeakMap<Db, OpenTransaction>();

/** The withTransaction transaction `db` is the handle of, if any (the audit writer queues its entries there). */
export const openTransactionOf = (db: Db): OpenTransaction | undefined => openByHandle.get(db);

/**
 * Runs `work` in a transaction: the context's open one when there is one (the work joins it, so a rollback of the outer
 * work undoes this too), otherwise a new one. `work` gets the transaction and the context bound to it (pass that one to
 * other services and to afterCommit); after the outermost transaction commits, the after-commit hooks run in order. A
 * rollback drops them.
 */
export async function withTransaction<C extends TransactionalContext, T>(
  ctx: C,
  work: (tx: Db, txCtx: C) => Promise<T>,
): Promise<T> {
  if (ctx.transaction) return work(ctx.db, ctx);
  const hooks: AfterCommitHook[] = [];
  const result = await ctx.db.transaction(async (db) => {
    const open: OpenTransaction = { outerDb: ctx.db, hooks, beforeCommit: [] };
    openByHandle.set(db, open);
    const value = await work(db, { ...ctx, db, transaction: open });
    for (const hook of open.beforeCommit) await hook(db);
    return value;
  });
  await runHooks(ctx.db, hooks);
  return result;
}

/** Runs `hook` once the context's transaction commits, or now when there is none. It gets a database outside it. */
export async function afterCommit(ctx: TransactionalContext, hook: AfterCommitHook): Promise<void> {
  if (ctx.transaction) ctx.transaction.hooks.push(hook);
  else await runHooks(ctx.db, [hook]);
}

/** Every hook runs even when one fails (the change is committed either way); the first failure is then thrown. */
async function runHooks(db: Db, hooks: AfterCommitHook[]) {
  let failure: unknown = null;
  for (const hook of hooks) {
    try {
      await hook(db);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}
