// Test support for the email event tests: an event's mail found in the SMTP receiver and in the email log together,
// and the generated password a welcome mail carries.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailLog } from '../src/db/schema/index.ts';
import type { ReceivedMail } from './smtp.ts';
import type { TestApp } from './harness.ts';

/**
 * Waits for the email log row of `eventName` to `to` and the mail with that row's subject in the SMTP receiver; checks
 * the send succeeded and that the logged body holds no secret marker left unfilled and no link carrying a token.
 */
export async function loggedMail(t: TestApp, to: string, eventName: string, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const rows = await t.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.eventName, eventName), eq(emailLog.wasSuccessful, true)));
    const row = rows.find((r) => r.recipients.split(/[,;]\s*/).includes(to));
    if (row) {
      const mail: ReceivedMail = await t.smtp.waitFor((m) => m.to.includes(to) && subjectOf(m) === row.subject);
      expect(row.body).not.toContain('[[secret:');
      expect(row.body).not.toMatch(/[?&](token|code|key)=/i);
      return { mail, row };
    }
    if (Date.now() - started > timeoutMs) {
      const seen = (await t.database.db.select().from(emailLog)).filter((r) => r.recipients.includes(to));
      throw new Error(`No ${eventName} mail to ${to} logged; logged to them: ${seen.map((r) => r.eventName)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mail's Subject header unfolded (the receiver keeps only its first line; long subjects are folded). */
export function subjectOf(mail: ReceivedMail) {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  return header.replace(/\r?\n(?=[ \t])/g, '').trim();
}

/** The password a welcome mail gives ("... your password is: X"). */
export function passwordIn(text: string) {
  const password = /password is: (\S+?)(?:<|\s|$)/.exec(text)?.[1];
  expect(password).toBeTruthy();
  return password!;
}
