// Pure rules of the group screens (spec 2 §2, §4, §5, §9), kept apart from React for tests.
import { groupDashboardPath, groupDetailsPath } from '../../app/landing';
import { ALLOWED_CHILD_TYPES, GroupTypes } from '@registry/contracts';

/** Group pages that exist for some group types only. */
export type GroupPage =
  | 'dashboard'
  | 'detail'
  | 'admins'
  | 'subgroups'
  | 'parentage'
  | 'results'
  | 'preregistration'
  | 'petowners'
  | 'pets'
  | 'residents'
  | 'moveouts'
  | 'flaggedsamples';

/** Spec 2 §2 page fit: whether a group page fits the group type; a page that does not fit falls back to the dashboard. */
export function pageFitsGroupType(page: GroupPage, groupType: number): boolean {
  switch (page) {
    case 'subgroups':
      return groupType !== GroupTypes.ParentageGroup && groupType !== GroupTypes.Property;
    case 'parentage':
      return groupType !== GroupTypes.Property;
    case 'results':
      return groupType !== GroupTypes.ParentageGroup;
    case 'preregistration':
      return groupType === GroupTypes.Property;
    default:
      return true;
  }
}

/** The path to show for a group when the user was on `page`: the same page when it fits, else the dashboard. */
export function groupPagePath(groupId: number, page: GroupPage, groupType: number): string {
  if (!pageFitsGroupType(page, groupType) || page === 'dashboard') return groupDashboardPath(groupId);
  return page === 'detail' ? groupDetailsPath(groupId) : `${groupDetailsPath(groupId)}/${page}`;
}

/** Which group page a pathname shows, if any. */
export function groupPageOf(pathname: string): GroupPage | null {
  const match = /^\/group\/\d+(?:\/([a-z]+))?\/?$/.exec(pathname);
  if (!match) return null;
  return (match[1] as GroupPage | undefined) ?? 'detail';
}

/** Spec 2 §5 hierarchy picker: the chosen group's type must be among the allowed types. */
export const isAllowedPick = (groupType: number, allowedTypes: readonly number[]) => allowedTypes.includes(groupType);

/** Pet-owner groups (Parentage Groups, Properties) are listed only when the allowed types include one of them. */
export const pickerShowsPetOwnerGroups = (allowedTypes: readonly number[]) =>
  allowedTypes.includes(GroupTypes.ParentageGroup) || allowedTypes.includes(GroupTypes.Property);

/** Whether a node of the given type is listed in the hierarchy picker. */
export const pickerShowsType = (groupType: number, allowedTypes: readonly number[]) =>
  pickerShowsPetOwnerGroups(allowedTypes) ||
  (groupType !== GroupTypes.ParentageGroup && groupType !== GroupTypes.Property);

/**
 * Spec 2 §5 and spec 3 §5: in the non-pet-owner view (no Parentage Group or Property allowed), a Distributorship is
 * listed without its children.
 */
export const pickerDropsChildren = (groupType: number, allowedTypes: readonly number[]) =>
  !pickerShowsPetOwnerGroups(allowedTypes) && groupType === GroupTypes.Distributorship;

/** Spec 2 §4 actions by group type. */
export function groupActions(groupType: number) {
  const petOwnerGroup = groupType === GroupTypes.ParentageGroup || groupType === GroupTypes.Property;
  return {
    add: (ALLOWED_CHILD_TYPES[groupType] ?? []).length > 0,
    move: groupType === GroupTypes.ManagementGroup || groupType === GroupTypes.Distributorship || petOwnerGroup,
    delete: groupType !== GroupTypes.HierarchyRoot,
    deactivate: petOwnerGroup,
  };
}

/** Where a group of this type may be moved (spec 2 §5), as the picker's allowed types. */
export function moveTargetTypes(groupType: number): number[] {
  switch (groupType) {
    case GroupTypes.Distributorship:
      return [GroupTypes.HierarchyRoot, GroupTypes.DistributorshipManagementGroup];
    case GroupTypes.ManagementGroup:
      return [GroupTypes.Distributorship];
    case GroupTypes.ParentageGroup:
    case GroupTypes.Property:
      return [GroupTypes.Distributorship, GroupTypes.ManagementGroup];
    default:
      return [];
  }
}

/** Subgroups route parameter isActiveFilter: present and nonzero selects Active, present and zero Inactive. */
export function subgroupFilterFromRoute(value: unknown): 'Active' | 'Inactive' | 'ActiveAndInactive' {
  if (value === undefined || value === null || value === '') return 'Active';
  if (value === 'Active' || value === 'Inactive' || value === 'ActiveAndInactive') return value;
  const n = Number(value);
  if (Number.isNaN(n)) return value === 'false' ? 'Inactive' : 'Active';
  return n !== 0 ? 'Active' : 'Inactive';
}

/** Dashboard percentages: whole numbers, 0% when the denominator is 0 (spec 2 §9). */
export function wholePercent(count: number, total: number): string {
  return `${total > 0 ? Math.round((count * 100) / total) : 0}%`;
}
