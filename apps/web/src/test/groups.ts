// The group rows the app's group calls answer with, for tests: a node of the group tree and a group assigned to the
// signed-in admin. The fields the screens do not read are filled with the plain defaults.
import type { GroupTreeNode } from '../features/groups/groups.api';

/** A node of the group tree (a leaf, active, no pre-registration code) with the fields a test is about overridden. */
export const groupTreeNode = (
  id: number,
  name: string,
  groupType: number,
  extra: Partial<GroupTreeNode> = {},
): GroupTreeNode => ({
  id,
  name,
  label: name,
  groupType,
  isActive: true,
  parentId: null,
  propertyPreRegisterCode: null,
  hasChildren: false,
  hasInactiveChildren: false,
  noLeaf: false,
  ...extra,
});

/** A property assigned directly to the signed-in admin, who is not its primary admin. */
export const assignedProperty = (id: number, name: string) => ({
  id,
  name,
  groupType: 4,
  isActive: true,
  parentId: null,
  isPrimaryAdmin: false,
});
