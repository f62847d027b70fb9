// SQL of the email templates and their event configs.
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { emailTemplateConfigs, emailTemplates, groups } from '../../db/schema/index.ts';

export type ConfigRow = typeof emailTemplateConfigs.$inferSelect;
export type TemplateRow = typeof emailTemplates.$inferSelect;
export type ConfigValues = Omit<typeof emailTemplateConfigs.$inferInsert, 'eventName' | 'dateUpdated'>;

export const allConfigs = (db: Db) => db.select().from(emailTemplateConfigs).orderBy(emailTemplateConfigs.eventName);

export async function findConfig(db: Db, eventName: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(emailTemplateConfigs).where(eq(emailTemplateConfigs.eventName, eventName));
  return row;
}

export async function insertConfig(db: Db, eventName: string, values: ConfigValues) {
  await db.insert(emailTemplateConfigs).values({ ...values, eventName });
}

export async function updateConfig(db: Db, eventName: string, values: ConfigValues) {
  await db
    .update(emailTemplateConfigs)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(emailTemplateConfigs.eventName, eventName));
}

export async function deleteConfig(db: Db, eventName: string) {
  await db.delete(emailTemplateConfigs).where(eq(emailTemplateConfigs.eventName, eventName));
}

export const allTemplates = (db: Db) =>
  db.select().from(emailTemplates).orderBy(emailTemplates.eventName, emailTemplates.id);

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row;
}

export const templatesByIds = (db: Db, ids: number[]) =>
  ids.length ? db.select().from(emailTemplates).where(inArray(emailTemplates.id, ids)) : Promise.resolve([]);

/** What sending an event's mail reads: its config's rules (when it has one) and its latest edited template. */
export type EventMailSettings = {
  config: { isActive: boolean; templateIds: number[]; enableAbTesting: boolean } | null;
  latest: { subject: string; body: string } | null;
};

/** An event's EventMailSettings as one JSON value, for a statement (of this module or of the caller's own). */
export function eventMailSettingsSql(eventName: string) {
  const c = emailTemplateConfigs;
  const t = emailTemplates;
  return sql`json_build_object(
    'config', (select json_build_object('isActive', ${c.isActive}, 'templateIds', ${c.templateIds},
      'enableAbTesting', ${c.enableAbTesting}) from ${c} where ${c.eventName} = ${eventName}),
    'latest', (select json_build_object('subject', ${t.subject}, 'body', ${t.body}) from ${t}
      where ${t.eventName} = ${eventName} order by ${t.dateUpdated} desc, ${t.id} desc limit 1))`;
}

export async function eventMailSettings(db: Db, eventName: string): Promise<EventMailSettings> {
  const [row] = await queryRows<{ settings: EventMailSettings }>(
    db,
    sql`select ${eventMailSettingsSql(eventName)} as settings`,
  );
  return row.settings;
}

export async function insertTemplate(db: Db, values: Pick<TemplateRow, 'name' | 'eventName' | 'subject' | 'body'>) {
  const [row] = await db.insert(emailTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Pick<TemplateRow, 'name' | 'eventName' | 'subject' | 'body'>,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, id: number) {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}

/** A group's name and type (which new-admin letter its admins get). */
export async function groupForMail(db: Db, groupId: number) {
  const [row] = await db
    .select({ name: groups.name, groupType: groups.groupType })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row;
}

export type PetMailContext = {
  petId: number;
  petName: string;
  sampleNumber: string | null;
  petOwnerId: number | null;
  ownerEmail: string | null;
  ownerName: string | null;
  ownerReceiveEmails: boolean | null;
  groupId: number | null;
  groupName: string | null;
  groupType: number | null;
  adminEmail: string | null;
  adminName: string | null;
  adminReceiveEmails: boolean | null;
};

/**
 * Who hears about a pet's sample: its owner, the owner's current group (latest joined, not moved out) and that group's
 * primary admin (the nearest primary admin with an email above it when it has none).
 */
export async function petMailContext(db: Db, petId: number): Promise<PetMailContext | undefined> {
  const [row] = await queryRows<PetMailContext>(db, sql`${petMailContextSelect} where p.id = ${petId}`);
  return row;
}

/** petMailContext of many pets in one statement (a plate's pets moving on together), by pet id. */
export async function petMailContexts(db: Db, petIds: number[]): Promise<Map<number, PetMailContext>> {
  if (petIds.length === 0) return new Map();
  const rows = await queryRows<PetMailContext>(
    db,
    sql`${petMailContextSelect} where p.id in (${sql.join(
      petIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.petId, row]));
}

const petMailContextSelect = sql`select p.id as "petId", p.name as "petName", p.sample_number as "sampleNumber",
          p.pet_owner_id as "petOwnerId",
          o.email as "ownerEmail", nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') as "ownerName",
          o.receive_emails as "ownerReceiveEmails",
          g.id as "groupId", g.name as "groupName", g.group_type as "groupType",
          a.email as "adminEmail", a.name as "adminName", a.receive_emails as "adminReceiveEmails"
        from pets p
        left join users o on o.id = p.pet_owner_id
        left join lateral (
          select gg.* from pet_owner_groups pog join groups gg on gg.id = pog.group_id
          where pog.pet_owner_id = p.pet_owner_id and pog.move_out_date is null
          order by pog.date_added desc, gg.id desc limit 1) g on true
        left join lateral (
          select u.email, u.receive_emails,
                 nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name
          from groups anc join group_admins ga on ga.group_id = anc.id and ga.is_primary
          join users u on u.id = ga.user_id and u.email is not null and u.is_active
          where g.path like anc.path || '%' order by length(anc.path) desc limit 1) a on true`;

/** The active admins assigned to the group itself who have an email and receive emails. */
export async function groupAdminEmails(db: Db, groupId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select distinct u.email from group_admins ga join users u on u.id = ga.user_id
        where ga.group_id = ${groupId} and u.is_active and u.email is not null and u.receive_emails`,
  );
  return rows.map((r) => r.email);
}

export const groupsForMail = (db: Db, ids: number[]) =>
  ids.length
    ? db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids))
    : Promise.resolve([]);
