// Which group page fits which group type (spec 2 §2) and where a group link leads: navigation rules that the shell, the
// group frame and the group features share, kept apart from React for tests.
import { GroupTypes } from '@registry/contracts';
import { groupDashboardPath, groupDetailsPath } from './landing';

/** Group pages that exist for some group types only. */
export type GroupPage =
  | 'dashboard'
  | 'detail'
  | 'admins'
  | 'subgroups'
  | 'parentage'
  | 'results'
  | 'fines'
  | 'preregistration'
  | 'petowners'
  | 'pets'
  | 'residents'
  | 'moveouts'
  | 'rentroll'
  | 'flaggedsamples'
  | 'apikeys'
  | 'webhooks';

/** Spec 2 §2 page fit: whether a group page fits the group type; a page that does not fit falls back to the dashboard. */
export function pageFitsGroupType(page: GroupPage, groupType: number): boolean {
  switch (page) {
    case 'subgroups':
      return groupType !== GroupTypes.ParentageGroup && groupType !== GroupTypes.Property;
    case 'parentage':
      return groupType !== GroupTypes.Property;
    case 'results':
    case 'fines':
      return groupType !== GroupTypes.ParentageGroup;
    case 'preregistration':
    case 'rentroll':
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
