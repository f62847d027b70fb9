// Mail from services: sent once the change that causes it commits. The mailer itself (SMTP, the email log, secrets) is
// in mailer.ts, whose names services import from here.
import { afterCommit, type Services } from './context.ts';
import type { MailResult, OutgoingMail } from './mailer.ts';

export * from './mailer.ts';

/**
 * Sends a mail once the context's transaction commits (at once outside one), so a rolled-back change mails nothing.
 * `onSent` sees the result, for callers that report a failed send.
 */
export async function mailAfterCommit(ctx: Services, mail: OutgoingMail, onSent?: (result: MailResult) => void) {
  await afterCommit(ctx, async (db) => {
    const result = await ctx.mailer.send(db, mail);
    onSent?.(result);
  });
}
