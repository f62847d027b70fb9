// Every role's menu against the rights table: each entry is a page the router has, and the role holds the right the
// page needs, so no menu entry answers "You are not allowed to do this.".
import { describe, expect, it } from 'vitest';
import { UserRole, adminRoles } from '@registry/contracts/enums';
import { RIGHTS_TABLE, can } from '@registry/contracts/rights';
import { isBuiltPage } from '../lib/builtPages';
import { petOwnerPath } from '../lib/landing';
import { navEntries } from './navEntries';

const adminRoleIds: readonly number[] = adminRoles;
const staff: number[] = [UserRole.BioPetLabAdmin, UserRole.BioPetCustomerServiceAdmin, UserRole.BioPetOfficeAdmin];
const userOf = (roleId: number) => ({
  roleId,
  isAdmin: adminRoleIds.includes(roleId),
  isBioPetAdmin: staff.includes(roleId),
  isPetOwner: roleId === UserRole.PetOwner,
  petOwnerId: roleId === UserRole.PetOwner ? 42 : null,
});

describe('menus by role', () => {
  for (const [name, roleId] of Object.entries(UserRole)) {
    it(`${name}: every entry is a built page the role may open`, () => {
      const entries = navEntries(userOf(roleId), petOwnerPath);
      expect(entries.length).toBeGreaterThan(0);
      const notBuilt = entries.filter((entry) => !isBuiltPage(entry.path, 'https://registry.example'));
      expect(notBuilt).toEqual([]);
      const refused = entries.filter((entry) => entry.right && !can(roleId, entry.right));
      expect(refused).toEqual([]);
      // Entries without a right of their own: the user's own pages, any admin's search, the provider's shop office.
      const shopOffice = entries.filter((entry) => entry.group === 'Shop');
      expect(shopOffice.length > 0).toBe(staff.includes(roleId));
      expect(
        entries.filter((entry) => !entry.right && entry.group && entry.group !== 'Shop').map((e) => e.path),
      ).toEqual(adminRoleIds.includes(roleId) ? ['/tools/search'] : []);
    });
  }

  it('offers every page a role may open from the tables it reads: admins to admin managers only', () => {
    const withAdmins = Object.values(UserRole).filter((roleId) =>
      navEntries(userOf(roleId), petOwnerPath).some((entry) => entry.path === '/admin'),
    );
    expect(withAdmins.sort()).toEqual([...RIGHTS_TABLE['admin.view']].sort());
    const maintenance = navEntries(userOf(UserRole.PropertyMaintenance), petOwnerPath).map((entry) => entry.label);
    expect(maintenance).not.toContain('Admins');
    expect(maintenance).toContain('Enter waste sample');
  });
});
