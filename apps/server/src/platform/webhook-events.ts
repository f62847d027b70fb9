// The registry's events that webhooks deliver (issue 42). A service calls `emitWebhookEvent` inside its change's
// transaction; the event is handed on only after that transaction commits (afterCommit), never for a rollback. The
// webhooks module registers the handler at start-up, so the modules that emit import nothing of webhooks.
import type { WebhookEvent } from '@registry/contracts';
import { afterCommit, type OpenTransaction, type Services } from './context.ts';

/** One event: what happened, to which resource (as the API shows it) and in which group (a property, usually). */
export type RegistryEvent = { event: WebhookEvent; groupId: number; resourceId: number | string; resource: unknown };

type EmitContext = Services & { transaction?: OpenTransaction };
type EventHandler = (services: Pick<Services, 'db' | 'config'>, event: RegistryEvent) => Promise<void>;

const handlers = new Set<EventHandler>();

export function onRegistryEvent(handler: EventHandler): void {
  handlers.add(handler);
}

/** Hands the event to the webhooks once the caller's transaction commits (at once outside one). Never throws. */
export async function emitWebhookEvent(ctx: EmitContext, event: RegistryEvent): Promise<void> {
  if (handlers.size === 0) return;
  await afterCommit(ctx, async (db) => {
    for (const handler of handlers) await handler({ db, config: ctx.config }, event).catch(() => undefined);
  });
}
