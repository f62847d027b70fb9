// The body each subscriber of an event receives (issue 42). An event carrying its resource sends it to all; one that
// carries a view reads it once per subscribing group, as an admin of that group reads it from the resource's GET route
// (docs/decisions/integrations.md "What `data` is"), and a group whose staff could not read it gets nothing.
import { UserRole } from '@registry/contracts';
import type { Services, SignedInContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import type { GroupStaffView, RegistryEvent } from '../../platform/webhook-events.ts';
import type { Subscriber } from './webhooks.queries.ts';
import { eventBody } from './webhooks.service.ts';

/**
 * The caller a view runs as: an admin of the group and the groups beneath it, never provider staff, so the view is the
 * group admin's (no lab-only field, nothing outside the group). Property manager is the group admin role that holds
 * every reading right the event resources need; the scope is the platform's narrowing to given groups (scope.ts reads
 * it as it does for an API key), read-only, and the id 0 is nobody's, so no "own record" rule applies.
 */
function groupStaffViewer(services: Services, group: { id: number; path: string }): SignedInContext {
  return {
    ...services,
    requestId: `webhook-view-${group.id}`,
    ip: '',
    caller: {
      userId: 0,
      userName: 'webhooks',
      fullName: 'Webhooks',
      roleId: UserRole.PropertyManager,
      sessionId: 0,
      isProviderStaff: false,
      isAdmin: true,
      isPetOwner: false,
      isResident: false,
      impersonatedByUserId: null,
      apiKey: { id: 0, name: 'webhooks', readOnly: true, paths: [group.path] },
    },
  };
}

/** The view as the group's staff read it, or null when they could not read it (their GET would answer 404). */
async function viewAsGroupStaff(services: Services, view: GroupStaffView, group: { id: number; path: string }) {
  try {
    return { data: await view(groupStaffViewer(services, group)) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Each subscriber's body (one event id for all); subscribers whose group may not read the resource are left out. */
export async function bodiesFor(
  services: Services,
  event: RegistryEvent,
  eventId: string,
  subscribers: Subscriber[],
): Promise<Map<number, string>> {
  const bodies = new Map<number, string>();
  if ('resource' in event) {
    const body = eventBody(event.event, eventId, event.groupId, event.resource);
    for (const subscriber of subscribers) bodies.set(subscriber.id, body);
    return bodies;
  }
  const byGroup = new Map<number, string | null>();
  for (const subscriber of subscribers) {
    if (!byGroup.has(subscriber.groupId)) {
      const group = { id: subscriber.groupId, path: subscriber.groupPath };
      const viewed = await viewAsGroupStaff(services, event.view, group);
      byGroup.set(subscriber.groupId, viewed && eventBody(event.event, eventId, event.groupId, viewed.data));
    }
    const body = byGroup.get(subscriber.groupId);
    if (body) bodies.set(subscriber.id, body);
  }
  return bodies;
}
