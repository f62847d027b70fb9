// The one mailer: every outgoing mail goes through it, over SMTP when SMTP_URL is set, and is written to the email log with its
// body, secrets (generated passwords, reset and sign-in links) redacted. Services send through mail.ts (after commit).
import type { Transporter } from 'nodemailer';
import { loadNodeMailer } from './on-demand-libraries.ts';
import type { Db } from '../db/client.ts';
import { logMail } from './mailer.queries.ts';

export type OutgoingMail = {
  to: string | string[];
  subject: string;
  /** May hold secretPlaceholder(name) markers: the sent mail gets `secrets[name]`, the email log a redaction. */
  html: string;
  text?: string;
  eventName?: string;
  secrets?: Record<string, string>;
};

/** What the email log shows in place of a secret. */
const REDACTED = '[redacted]';
const PLACEHOLDER = /\[\[secret:([A-Za-z0-9_]+)\]\]/g;

/** Marks where a secret goes in a mail body (and in a link's URL); HTML escaping leaves the marker as it is. */
export const secretPlaceholder = (name: string) => `[[secret:${name}]]`;

/** The body with every placeholder filled: with the secret for the mail that is sent, with REDACTED for the log. */
function fillSecrets(text: string, secrets: Record<string, string>, mode: 'send' | 'log'): string {
  return text.replace(PLACEHOLDER, (marker, name: string) => {
    if (!(name in secrets)) throw new Error(`The mail names the secret "${name}" but does not give it.`);
    return mode === 'send' ? escapeHtml(secrets[name]) : REDACTED;
  });
}
export type MailResult = { wasSuccessful: boolean; errorMessage: string | null };

export type Mailer = { send(db: Db, mail: OutgoingMail): Promise<MailResult>; close(): void };

export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  // Without SMTP (embedded demo mode) the JSON transport only renders the message; the email log still records it.
  // Made on the first mail: nodemailer is loaded on demand (on-demand-libraries.ts).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= loadNodeMailer().then((nodemailer) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ jsonTransport: true }),
    ));
  return {
    async send(db, mail) {
      const recipients = Array.isArray(mail.to) ? mail.to.join(', ') : mail.to;
      const secrets = mail.secrets ?? {};
      const html = fillSecrets(mail.html, secrets, 'send');
      const text = mail.text === undefined ? htmlToText(html) : fillSecrets(mail.text, secrets, 'send');
      let result: MailResult;
      try {
        await (await transportOf()).sendMail({ from: options.from, to: recipients, subject: mail.subject, html, text });
        result = { wasSuccessful: true, errorMessage: null };
      } catch (error) {
        result = { wasSuccessful: false, errorMessage: (error as Error).message };
      }
      await logMail(db, {
        eventName: mail.eventName ?? null,
        subject: mail.subject,
        recipients,
        body: fillSecrets(mail.html, secrets, 'log'),
        wasSuccessful: result.wasSuccessful,
        errorMessage: result.errorMessage,
      });
      return result;
    },
    close() {
      void transport?.then((made) => made.close());
    },
  };
}

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/gi, '$2 ($1)')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
