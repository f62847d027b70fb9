// Who may call what: the route-level rules. Which groups, admins and people a caller may see is platform/scope.ts; the
// rights table's checks on an action (and on the admin it acts on) are platform/rights.ts.
import { can, type Access } from '@registry/contracts';
import type { Caller } from './context.ts';
import { ADMIN_MANAGER_ROLES } from './scope.ts';

export type { Access };

export function callerMeets(caller: Caller | null, access: Access): 'ok' | 'unauthenticated' | 'forbidden' {
  if (access === 'anonymous') return 'ok';
  if (!caller) return 'unauthenticated';
  switch (access) {
    case 'signedIn':
      return 'ok';
    case 'admin':
      return caller.isAdmin ? 'ok' : 'forbidden';
    case 'adminManager':
      return ADMIN_MANAGER_ROLES.includes(caller.roleId) ? 'ok' : 'forbidden';
    case 'providerStaff':
      return caller.isProviderStaff ? 'ok' : 'forbidden';
    default:
      if ('right' in access) return can(caller.roleId, access.right) ? 'ok' : 'forbidden';
      return access.includes(caller.roleId) ? 'ok' : 'forbidden';
  }
}
