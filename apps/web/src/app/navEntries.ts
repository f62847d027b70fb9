// The side menu's entries for a signed-in user: each names the page's path and the right of the rights table the page
// needs (navEntries.test.ts checks every role's entries against the table), so a menu never offers a page that answers
// "You are not allowed to do this.". Decided from the role here: the rights table stays out of the entry chunk.
import { UserRole } from '@registry/contracts/enums';
import type { Right } from '@registry/contracts/rights';

export type NavUser = {
  roleId: number;
  isAdmin: boolean;
  isBioPetAdmin: boolean;
  isPetOwner: boolean;
  petOwnerId?: number | null;
};
export type NavEntry = {
  path: string;
  label: string;
  /** The heading the entry sits under; none for a top-level entry. */
  group?: 'DNA lab' | 'Shop' | 'Tools' | 'Reports' | 'System';
  /** The right the page needs; none when any user shown the entry may open it (their own pages, staff-only pages). */
  right?: Right;
};

export function navEntries(user: NavUser, petOwnerPath: (id: number) => string): NavEntry[] {
  const entries: NavEntry[] = [];
  const add = (group: NavEntry['group'], list: Omit<NavEntry, 'group'>[]) =>
    entries.push(...list.map((entry) => ({ ...entry, group })));
  const maintenance = user.roleId === UserRole.PropertyMaintenance;
  if (user.isPetOwner && user.petOwnerId != null)
    entries.push({ path: petOwnerPath(user.petOwnerId), label: 'My pets' });
  // The admins page lists the admins one manages: not property maintenance, who manage no one.
  if (user.isAdmin && !maintenance) entries.push({ path: '/admin', label: 'Admins', right: 'admin.view' });
  if (user.isBioPetAdmin) {
    add('DNA lab', [
      { path: '/dna/processing', label: 'DNA processing', right: 'dna.view' },
      { path: '/dna/controls', label: 'Controls', right: 'dna.view' },
      { path: '/dna/sample-data', label: 'Sample data', right: 'dna.view' },
      { path: '/dna/wasteresults', label: 'Waste results', right: 'wasteResult.labView' },
      { path: '/dna/nomatchreruns', label: 'No-match reruns', right: 'wasteResult.labView' },
      { path: '/tools/platefiles', label: 'Plate files', right: 'dna.view' },
      { path: '/lab-tools/ancestry-fulfillment', label: 'Ancestry fulfillment', right: 'dna.view' },
      { path: '/lab-tools/duplicate-dog-report', label: 'Duplicate dog report', right: 'dna.view' },
      { path: '/lab-tools/no-match-clusters', label: 'No-match clusters', right: 'noMatchCluster.view' },
      { path: '/tools/similardnaprofiles', label: 'Similar DNA profiles', right: 'dna.view' },
      { path: '/lab-tools/lab-analytics', label: 'Lab analytics', right: 'analytics.lab' },
    ]);
    // The shop's back office is the provider's (no right of its own in the table).
    add('Shop', [
      { path: '/tools/orders-list', label: 'Orders' },
      { path: '/ecommerce/products', label: 'Products' },
      { path: '/ecommerce/promotion-codes', label: 'Promotion codes' },
      { path: '/tools/pet-owner-assigned-promotion-codes', label: 'Pet owner codes' },
      { path: '/ecommerce/settings', label: 'Shop settings' },
    ]);
  }
  if (user.isAdmin) {
    const tools: Omit<NavEntry, 'group'>[] = [
      { path: '/tools/search', label: 'Search' },
      { path: '/tools/petbarcodescanner', label: 'Pet barcode scanner', right: 'pet.view' },
      // Waste sample entry: the lab scans and receives; every other admin enters samples of their properties.
      user.isBioPetAdmin
        ? { path: '/tools/scanwastebarcode', label: 'Scan waste barcode', right: 'wasteSample.receive' }
        : { path: '/tools/enterwastesample', label: 'Enter waste sample', right: 'wasteSample.create' },
    ];
    if (user.isBioPetAdmin || user.roleId === UserRole.ParentageManager)
      tools.push(
        { path: '/parentage', label: 'Parentage', right: 'parentage.view' },
        { path: '/tools/parentage/test', label: 'Parentage test', right: 'parentage.run' },
        { path: '/tools/parentage/lookup', label: 'Parentage lookup', right: 'parentage.view' },
      );
    // Orphans have no group: only the provider's staff reach them.
    if (user.isBioPetAdmin) tools.push({ path: '/tools/orphans', label: 'Orphaned pets', right: 'pet.view' });
    if (!maintenance)
      tools.push(
        { path: '/tools/unassignedpetowners', label: 'Unassigned pet owners', right: 'petOwner.view' },
        { path: '/tools/bulkupload', label: 'Bulk resident import', right: 'tools.bulkUpload' },
      );
    add('Tools', tools);
    if (!maintenance)
      add('Reports', [
        { path: '/reports/propertyexports', label: 'Property exports', right: 'report.view' },
        { path: '/reports/resident-registrations-request', label: 'Resident registrations', right: 'report.view' },
        { path: '/reports/inventory', label: 'Inventory', right: 'report.view' },
        { path: '/reports/tdaudit', label: 'TD audit', right: 'report.view' },
        { path: '/reports/program-analytics', label: 'Program analytics', right: 'analytics.view' },
        { path: '/reports/pooprintsdetail', label: 'PooPrints detail', right: 'report.view' },
        { path: '/reports/pooprintstd', label: 'TD report', right: 'report.view' },
        { path: '/reports/pooprintsnomatchtomatch', label: 'No match to match', right: 'report.view' },
        ...(user.isBioPetAdmin
          ? [
              { path: '/reports/emailexports', label: 'Email exports', right: 'report.emailExport' as const },
              { path: '/reports/productbyplate', label: 'Product by plate', right: 'dna.view' as const },
              { path: '/reports/no-match-clusters', label: 'No-match clusters', right: 'noMatchCluster.view' as const },
            ]
          : []),
        { path: '/reports/duplicate-dog', label: 'Duplicate dogs', right: 'report.view' },
        { path: '/reports/gendermismatch', label: 'Gender mismatch', right: 'report.view' },
      ]);
  }
  if (user.isBioPetAdmin)
    add('System', [
      { path: '/system/documents', label: 'Documents', right: 'system.documents' },
      { path: '/system/lab-settings', label: 'Lab settings', right: 'lab.settings' },
      { path: '/system/emaillog', label: 'Email log', right: 'system.emailLog' },
      { path: '/system/emailtemplates', label: 'Email templates', right: 'system.emailTemplates' },
      { path: '/system/audit-log', label: 'Audit log', right: 'system.auditLog' },
      { path: '/system/page-views', label: 'Page views', right: 'system.auditLog' },
    ]);
  if (!user.isAdmin)
    entries.push(
      { path: '/shop/offers', label: 'Dog DNA products' },
      { path: '/shop/orders', label: 'My orders' },
      ...(user.isPetOwner ? [{ path: '/notices', label: 'My notices' }] : []),
      { path: '/lifeplans', label: 'Life plans' },
    );
  entries.push({ path: '/account/manage', label: 'My account' });
  return entries;
}
