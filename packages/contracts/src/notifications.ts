// Notifications (spec 3 §5 "Notification", §7 "Notifications"): id, type, actionParameters, plus what happened, when, and
// whether the person has seen it. The list answers { data, totalRecords }; the recent list adds the unread count.
import { z } from 'zod';
import { NotificationType } from './enums.ts';
import { id, pagedResponse, pagingQuery, textField } from './common.ts';

const typeNames = Object.keys(NotificationType) as [
  keyof typeof NotificationType,
  ...(keyof typeof NotificationType)[],
];

export const notificationActionParameters = z.object({
  id: z.number().int().optional(),
  petOwnerId: z.number().int().optional(),
  sampleNumber: z.string().optional(),
  /** A violation notice the notification is about (an owner's appeal): it opens that notice. */
  noticeId: z.number().int().optional(),
});
export type NotificationActionParametersView = z.infer<typeof notificationActionParameters>;

export const notificationView = z.object({
  id: z.number().int(),
  type: z.enum(typeNames),
  message: z.string(),
  actionParameters: notificationActionParameters,
  isViewed: z.boolean(),
  dateCreated: z.iso.datetime(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const notificationListQuery = pagingQuery.pick({ page: true, pageSize: true });
export const notificationList = pagedResponse(notificationView);
export const recentNotifications = z.object({ data: z.array(notificationView), unreadCount: z.number().int() });
export const unreadNotifications = z.object({ unreadCount: z.number().int() });
export const notificationIdParam = z.object({ id });

/**
 * The live stream (GET /notifications/stream): `text/event-stream` with an `unread` event on connect and after every
 * change ({ unreadCount, latest? }). A client that does not ask for `text/event-stream` gets the first event and the end.
 */
export const notificationStream = z.string().meta({ description: 'text/event-stream' });
export const notificationEvent = z.object({ unreadCount: z.number().int(), latest: notificationView.optional() });
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** A notification's text as services write it (what happened, in one line). */
export const notificationMessage = textField(500);
