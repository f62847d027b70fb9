// The registry's events that webhooks deliver (issue 42). A service calls `emitWebhookEvent` inside its change's
// transaction; the event is handed on only after that transaction commits (afterCommit), never for a rollback. The
// webhooks module registers the handler at start-up, so the modules that emit import nothing of webhooks.
import type { WebhookEvent } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { afterCommit, type OpenTransaction, type Services, type SignedInContext } from './context.ts';

/**
 * How a subscribing group's staff read the resource: the very service function its GET route calls, given a caller who
 * is an admin of that group (the webhooks module makes that caller), so a receiver reads what a staff screen reads.
 */
export type GroupStaffView = (viewer: SignedInContext) => Promise<unknown>;

/** One event: what happened, to which resource (as the API shows it) and in which group (a property, usually). */
export type RegistryEvent = { event: WebhookEvent; groupId: number; resourceId: number | string } & (
  | {
      /** The resource as the API shows it, when the change has that view at hand anyway (it is its own answer). */
      resource: unknown;
    }
  | {
      /**
       * Read only when a subscription listens, so a change nobody listens to pays nothing for it: after the commit by
       * default (the view is then what the GET answers at that moment), or `now`, inside the transaction, when the
       * change itself removes the record (a move-out), so the view is the record as staff read it last.
       */
      view: GroupStaffView;
      readAt?: 'committed' | 'now';
    }
);

/** Sends the prepared deliveries; given a database outside the change's transaction, after it committed. */
type QueueDeliveries = (db: Db) => Promise<void>;
/** Finds the event's audience and reads the resource for it; null when no subscription listens. */
type EventHandler = (services: Services, event: RegistryEvent) => Promise<QueueDeliveries | null>;
type EmitContext = Services & { transaction?: OpenTransaction };

const handlers = new Set<EventHandler>();

export function onRegistryEvent(handler: EventHandler): void {
  handlers.add(handler);
}

/** Hands the event to the webhooks once the caller's transaction commits (at once outside one). Never throws. */
export async function emitWebhookEvent(ctx: EmitContext, event: RegistryEvent): Promise<void> {
  if (handlers.size === 0) return;
  const services: Services = { db: ctx.db, config: ctx.config, mailer: ctx.mailer };
  if ('view' in event && event.readAt === 'now') {
    for (const handler of handlers) {
      const queue = await handler(services, event).catch(() => null);
      if (queue) await afterCommit(ctx, (db) => queue(db).catch(() => undefined));
    }
    return;
  }
  await afterCommit(ctx, async (db) => {
    for (const handler of handlers) {
      const queue = await handler({ ...services, db }, event).catch(() => null);
      await queue?.(db).catch(() => undefined);
    }
  });
}
