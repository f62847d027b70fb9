// Pure rules of the group screens (spec 2 §4, §5, §9), kept apart from React for tests; which page fits which group
// type is navigation, in lib/groupPages.ts.
import { ALLOWED_CHILD_TYPES, GroupTypes } from '@registry/contracts';

/** Spec 2 §5 hierarchy picker: the chosen group's type must be among the allowed types. */
export const isAllowedPick = (groupType: number, allowedTypes: readonly number[]) => allowedTypes.includes(groupType);

/** Pet-owner groups (Parentage Groups, Properties) are listed only when the allowed types include one of them. */
const pickerShowsPetOwnerGroups = (allowedTypes: readonly number[]) =>
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
