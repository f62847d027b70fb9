// Where clicking a notification leads, by its type and actionParameters (spec 3 §2): match results and waste samples to
// the group's results (id = property, sampleNumber), a pet to its owner's page, a group to its dashboard (or the
// violation notice it names: an appeal to decide). A page not
// built yet falls back to the group's dashboard.
import { isBuiltPage } from '../../lib/builtPages';
import { groupDashboardPath, petOwnerPath, violationNoticePath } from '../../lib/landing';
import type { Notification } from './notifications.api';

export function notificationPath(n: Pick<Notification, 'type' | 'actionParameters'>): string | null {
  const { id, petOwnerId, sampleNumber, noticeId } = n.actionParameters;
  switch (n.type) {
    case 'PooPrintsMatchResult':
    case 'WasteSample': {
      if (id == null) return null;
      const results = `/group/${id}/results${sampleNumber ? `?samplenumber=${encodeURIComponent(sampleNumber)}` : ''}`;
      return isBuiltPage(results) ? results : groupDashboardPath(id);
    }
    case 'Pet':
      if (petOwnerId == null) return null;
      return `${petOwnerPath(petOwnerId)}${sampleNumber ? encodeURIComponent(sampleNumber) : ''}`;
    case 'Group':
      // An owner's appeal of a violation notice opens the notice, where it is decided.
      if (noticeId != null) return violationNoticePath(noticeId);
      return id == null ? null : groupDashboardPath(id);
    default:
      return null;
  }
}
