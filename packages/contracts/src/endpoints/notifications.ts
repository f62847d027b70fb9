// Notifications (spec 3 §7 "Notifications", base /notifications/): the caller's own list, the recent list for the
// header, delete one, delete all, mark viewed, and the live event stream. Everyone signed in has their own.
import { endpointGroup } from '../endpoint.ts';

const notification = endpointGroup(['notifications'], () => import('../schemas.ts'));

export const notificationEndpoints = {
  list: notification.get('/notifications', 'getNotifications', 'signedIn', (s) => ({
    query: s.notificationListQuery,
    response: s.notificationList,
  })),
  recent: notification.get('/notifications/getrecentnotifications', 'getRecentNotifications', 'signedIn', (s) => ({
    response: s.recentNotifications,
  })),
  deleteAll: notification.delete('/notifications/deleteall', 'deleteAllNotifications', 'signedIn', (s) => ({
    response: s.okMessage,
  })),
  delete: notification.delete('/notifications/:id', 'deleteNotification', 'signedIn', (s) => ({
    params: s.notificationIdParam,
    response: s.okMessage,
  })),
  markViewed: notification.put(
    '/notifications/updatelastnotificationvieweddate',
    'updateLastNotificationViewedDate',
    'signedIn',
    (s) => ({ response: s.unreadNotifications }),
  ),
  stream: notification.get('/notifications/stream', 'streamNotifications', 'signedIn', (s) => ({
    response: s.notificationStream,
  })),
};
