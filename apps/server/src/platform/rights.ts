// The rights table on the server: an action the caller's role may not take is a 403, and an action on another admin
// needs that admin inside the caller's groups (else 404, as a missing one) and strictly below the caller's role.
import { Messages, can, mayActOnAdmin, type AdminAction, type Right } from '@registry/contracts';
import type { Caller, SignedInContext } from './context.ts';
import type { Db } from '../db/client.ts';
import { forbidden, notFound } from './errors.ts';
import { canManageAdmin as adminInScope } from './scope.ts';

/** Refuses (403) an action the rights table does not give the caller's role. */
export function assertCan(ctx: SignedInContext, action: Right): void {
  if (!can(ctx.caller.roleId, action)) throw forbidden(Messages.actionNotAllowedForRole);
}

/** May the caller take `action` on this admin: in the caller's groups, and allowed by the rights table and role order. */
export async function mayManageAdmin(
  db: Db,
  caller: Caller,
  admin: { id: number; roleId: number },
  action: AdminAction,
): Promise<boolean> {
  if (!mayActOnAdmin({ id: caller.userId, roleId: caller.roleId }, admin, action)) return false;
  return adminInScope(db, caller, admin);
}

/**
 * Refuses an action on an admin: outside the caller's groups answers as a missing admin (404); inside them, an action
 * the rights table or the role order does not allow is a 403 that says why.
 */
export async function assertMayActOnAdmin(
  ctx: SignedInContext,
  admin: { id: number; roleId: number },
  action: AdminAction,
): Promise<void> {
  if (!(await adminInScope(ctx.db, ctx.caller, admin))) throw notFound('Admin not found.');
  if (!mayActOnAdmin({ id: ctx.caller.userId, roleId: ctx.caller.roleId }, admin, action)) {
    throw forbidden(
      admin.id === ctx.caller.userId ? 'You cannot do this to your own account.' : Messages.adminAboveYourRole,
    );
  }
}
