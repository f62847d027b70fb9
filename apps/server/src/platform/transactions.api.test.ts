// Transactions that compose: a service called inside another's transaction joins it, and its mail and notifications
// wait for the outer commit, so a rollback leaves no row, no mail and no notification behind.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UserRole, isProviderStaffRole } from '@registry/contracts';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, userByName } from '../../test/factories.ts';
import { auditChainHeads, auditLog, emailLog, users } from '../db/schema/index.ts';
import { createAdmin } from '../modules/admins/admins.service.ts';
import {
  AUDIT_CHAINS,
  auditAppendCounts,
  forgetKnownAuditHeads,
  verifyAuditChain,
  writeAudit,
  writeAudits,
} from './audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from './context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function labAdminContext(): Promise<SignedInContext> {
  const user = await userByName(t.database.db, 'lab.admin');
  const caller = {
    userId: user.id,
    userName: user.userName,
    fullName: 'Lab Admin',
    roleId: user.roleId,
    sessionId: 0,
    isProviderStaff: isProviderStaffRole(user.roleId),
    isAdmin: true,
    isPetOwner: false,
    isResident: false,
    impersonatedByUserId: null,
  };
  return { ...t.app.services, caller, requestId: 'transactions-test', ip: '127.0.0.1' };
}

const newAdmin = (userName: string, groupId: number) => ({
  firstName: 'Inner',
  lastName: 'Admin',
  userName,
  email: `${userName}@test.example`,
  phoneNumber: null,
  companyName: null,
  roleId: UserRole.PropertyManager,
  adminNotes: null,
  bioPetNotes: null,
  securityQuestion: null,
  securityQuestionAnswer: null,
  groupId,
});

async function traces(userName: string) {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  const logged = await t.database.db
    .select({ id: emailLog.id })
    .from(emailLog)
    .where(eq(emailLog.recipients, `${userName}@test.example`));
  const mailed = t.smtp.messages.filter((mail) => mail.to.includes(`${userName}@test.example`));
  return { rows: rows.length, logged: logged.length, mailed: mailed.length };
}

test('the outer transaction rolls back: the inner service leaves no row, no mail and no notification', async () => {
  const ctx = await labAdminContext();
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const notified: string[] = [];
  let rowsInside = 0;
  const outcome = await withTransaction(ctx, async (_tx, txCtx) => {
    const created = await createAdmin(txCtx, newAdmin('rolled.back', oak.id));
    await afterCommit(txCtx, () => notified.push(`admin ${created.id} created`));
    rowsInside = (await txCtx.db.select({ id: users.id }).from(users).where(eq(users.userName, 'rolled.back'))).length;
    throw new Error('the outer work fails after the inner service succeeded');
  }).catch((error: Error) => error.message);
  expect(outcome).toBe('the outer work fails after the inner service succeeded');
  // Inside the transaction the inner service's row was there: it joined the outer transaction.
  expect(rowsInside).toBe(1);
  // Give a wrongly sent mail the time to arrive before looking for it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await traces('rolled.back')).toEqual({ rows: 0, logged: 0, mailed: 0 });
  expect(notified).toEqual([]);
});

test('the outer transaction commits: the row stays, then the mail goes and the notification runs', async () => {
  const ctx = await labAdminContext();
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const notified: string[] = [];
  const beforeCommit = await withTransaction(ctx, async (_tx, txCtx) => {
    const created = await createAdmin(txCtx, newAdmin('committed.admin', oak.id));
    await afterCommit(txCtx, () => notified.push(`admin ${created.id} created`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return {
      mailed: t.smtp.messages.some((mail) => mail.to.includes('committed.admin@test.example')),
      notified: notified.length,
    };
  });
  // Nothing was mailed or notified while the transaction was still open.
  expect(beforeCommit).toEqual({ mailed: false, notified: 0 });
  await t.smtp.waitFor((mail) => mail.to.includes('committed.admin@test.example'));
  expect(await traces('committed.admin')).toEqual({ rows: 1, logged: 1, mailed: 1 });
  expect(notified).toHaveLength(1);
});

test('without an open transaction, afterCommit runs at once', async () => {
  const ctx = await labAdminContext();
  const ran: number[] = [];
  await afterCommit(ctx, () => ran.push(1));
  expect(ran).toEqual([1]);
});

test('audit entries written in a transaction are appended at its end, in order, and a rollback appends none', async () => {
  const ctx = await labAdminContext();
  const db = t.database.db;
  const tag = `TxAudit${Date.now().toString(36)}`;
  const entriesOf = (entityType: string, on = db) =>
    on
      .select({ entityId: auditLog.entityId, sequence: auditLog.sequence, userName: auditLog.userName })
      .from(auditLog)
      .where(eq(auditLog.entityType, entityType))
      .orderBy(asc(auditLog.sequence));
  const seenInside = await withTransaction(ctx, async (tx, txCtx) => {
    await writeAudit(tx, txCtx, { entityType: tag, entityId: 1, actionType: 'Update' });
    await writeAudits(tx, txCtx, [
      { entityType: tag, entityId: 2, actionType: 'Update' },
      { entityType: tag, entityId: 3, actionType: 'Update' },
    ]);
    // The chain's lock is not taken yet: the entries wait for the end of the transaction.
    return (await entriesOf(tag, tx)).length;
  });
  expect(seenInside).toBe(0);
  const appended = await entriesOf(tag);
  expect(appended.map((row) => row.entityId)).toEqual(['1', '2', '3']);
  expect(appended.map((row) => row.userName)).toEqual(['lab.admin', 'lab.admin', 'lab.admin']);
  expect(appended[2].sequence - appended[0].sequence).toBe(2);
  expect((await verifyAuditChain(db)).ok).toBe(true);

  await expect(
    withTransaction(ctx, async (tx, txCtx) => {
      await writeAudit(tx, txCtx, { entityType: `${tag}Rollback`, entityId: 1, actionType: 'Update' });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await entriesOf(`${tag}Rollback`)).toEqual([]);

  // A service that passes the outer context with the transaction's handle still queues to the end: appending at once
  // would hold a chain's lock to COMMIT, and two such transactions could each wait for the other's chain.
  const handedOuter = await withTransaction(ctx, async (tx) => {
    await writeAudit(tx, ctx, { entityType: `${tag}Outer`, entityId: 1, actionType: 'Update' });
    await writeAudit(tx, ctx, { entityType: `${tag}Outer`, entityId: 2, actionType: 'Update' });
    return (await entriesOf(`${tag}Outer`, tx)).length;
  });
  expect(handedOuter).toBe(0);
  const outer = await entriesOf(`${tag}Outer`);
  expect(outer.map((row) => row.entityId)).toEqual(['1', '2']);
  expect(outer[1].sequence - outer[0].sequence).toBe(1);

  // Outside a transaction (no open one in the context) the entry is appended at once.
  await writeAudit(db, ctx, { entityType: `${tag}Now`, entityId: 1, actionType: 'Update' });
  expect(await entriesOf(`${tag}Now`)).toHaveLength(1);
});

test('an append after the chain head this process knows is one statement; a head moved elsewhere is locked and read', async () => {
  const ctx = await labAdminContext();
  const entry = (n: number) => ({ entityType: 'ChainHeadTest', entityId: n, actionType: 'Update', after: { n } });
  const audited = (n: number) => withTransaction(ctx, (tx, txCtx) => writeAudit(tx, txCtx, entry(n)));
  const counted = async (work: () => Promise<unknown>) => {
    const before = { ...auditAppendCounts };
    await work();
    return {
      afterKnownHead: auditAppendCounts.afterKnownHead - before.afterKnownHead,
      afterLockedHead: auditAppendCounts.afterLockedHead - before.afterLockedHead,
    };
  };
  const inTurn = (from: number) => async () => {
    for (let n = from; n < from + AUDIT_CHAINS; n++) await audited(n);
  };

  forgetKnownAuditHeads();
  expect(await counted(inTurn(0))).toEqual({ afterKnownHead: 0, afterLockedHead: AUDIT_CHAINS });
  expect(await counted(inTurn(100))).toEqual({ afterKnownHead: AUDIT_CHAINS, afterLockedHead: 0 });

  // A rolled-back append leaves the head this process knows where it was: the next append on that chain still fits.
  await withTransaction(ctx, async (tx, txCtx) => {
    await writeAudit(tx, txCtx, entry(150));
    throw new Error('rolled back');
  }).catch(() => undefined);
  expect(await counted(inTurn(200))).toEqual({ afterKnownHead: AUDIT_CHAINS, afterLockedHead: 0 });

  // Outside withTransaction the append is not remembered, as an append by another process would not be: the chain it
  // took has moved past the head this process knows, so the next append there reads the head under its lock.
  await writeAudit(t.database.db, { caller: ctx.caller, requestId: 'another-process' }, entry(300));
  expect(await counted(inTurn(400))).toEqual({ afterKnownHead: AUDIT_CHAINS - 1, afterLockedHead: 1 });

  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'ChainHeadTest'));
  expect(rows).toHaveLength(4 * AUDIT_CHAINS + 1);
  expect(rows.some((row) => row.entityId === '150')).toBe(false);
  expect((await verifyAuditChain(t.database.db)).ok).toBe(true);

  // A database restored to before the process's last append on a chain: the chain is behind the head the process
  // knows. One append reads the head under its lock, and the appends after it go by the head again.
  await audited(500);
  const [restored] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, '500'));
  await t.database.db.delete(auditLog).where(eq(auditLog.id, restored.id));
  await t.database.db
    .update(auditChainHeads)
    .set({ sequence: restored.sequence - 1, hash: restored.prevHash })
    .where(eq(auditChainHeads.chain, restored.chain));
  expect(await counted(inTurn(600))).toEqual({ afterKnownHead: AUDIT_CHAINS - 1, afterLockedHead: 1 });
  expect(await counted(inTurn(700))).toEqual({ afterKnownHead: AUDIT_CHAINS, afterLockedHead: 0 });
  expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
});
