// SQL of the mail log: every mail sent or attempted, with its outcome (the email log screen reads it).
import type { Db } from '../db/client.ts';
import { emailLog } from '../db/schema/index.ts';

export async function logMail(db: Db, entry: typeof emailLog.$inferInsert): Promise<void> {
  await db.insert(emailLog).values(entry);
}
