// Notifications over HTTP: the caller's list, recent list, deletes, mark viewed, and the live event stream.
import type { FastifyInstance } from 'fastify';
import { notificationEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { hubFor } from './notification-hub.ts';
import * as notifications from './notifications.service.ts';
import { openNotificationStream, type StreamRegistry } from './notification-stream.ts';

export async function notificationsRoutes(app: FastifyInstance) {
  const hub = hubFor(app.services.db);
  hub.retain();
  const streams: StreamRegistry = new Set();
  // Open streams would hold the server open: they end (the browser reconnects elsewhere) before it closes.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => hub.release());

  await route(app, endpoints.list, async (request) =>
    notifications.listNotifications(signedIn(request), request.query),
  );
  await route(app, endpoints.recent, async (request) => notifications.recentNotifications(signedIn(request)));
  await route(app, endpoints.deleteAll, async (request) => notifications.deleteAllNotifications(signedIn(request)));
  await route(app, endpoints.delete, async (request) =>
    notifications.deleteNotification(signedIn(request), request.params.id),
  );
  await route(app, endpoints.markViewed, async (request) => notifications.markNotificationsViewed(signedIn(request)));
  await route(app, endpoints.stream, async (request, reply) =>
    openNotificationStream(signedIn(request), request, reply, hub, streams),
  );
}
