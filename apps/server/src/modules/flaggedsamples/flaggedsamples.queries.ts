// The flagged samples of a group's subtree: pets of owners who currently belong to one of its groups, and waste samples
// collected on its properties; each with the day it was last flagged (from the sample history).
import { sql, type SQL } from 'drizzle-orm';
import { SampleHistoryEntryType, type FlaggedSampleRow } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { pathWithin } from '../../platform/scope.queries.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';

export type FlaggedFilter = {
  page: number;
  pageSize: number;
  orderBy?: string;
  ascending?: boolean;
  sampleType?: number;
  sampleNumber?: string;
  dateBounds?: { start: Date; end: Date } | null;
  notesPreview?: string;
  groupName?: string;
  sampleStatus?: number;
};

const ORDER = sortColumns({
  sampleNumber: sql`sample_number`,
  sampleType: sql`sample_type`,
  sampleStatus: sql`sample_status`,
  dateFlagged: sql`date_flagged`,
  notesPreview: sql`notes_preview`,
  groupName: sql`group_name`,
  name: sql`name`,
});

type SqlRow = Omit<FlaggedSampleRow, 'dateFlagged'> & { dateFlagged: Date | string | null; total: string | number };

export async function flaggedSamplesUnder(db: Db, groupPath: string, filter: FlaggedFilter) {
  const parts: SQL[] = [];
  if (filter.sampleType !== 1)
    parts.push(sql`select p.id as sample_id, p.sample_number, p.customer_facing_status as sample_status,
        'Pet' as sample_type, p.name, p.flag_notes as notes_preview, m.group_id, m.group_name, p.pet_owner_id
      from pets p
      join lateral (select g.id as group_id, g.name as group_name from pet_owner_groups pog join groups g on g.id = pog.group_id
        where pog.pet_owner_id = p.pet_owner_id and pog.move_out_date is null and ${pathWithin(sql`g.path`, groupPath)}
        order by g.name, g.id limit 1) m on true
      where p.is_flagged`);
  if (filter.sampleType !== 0)
    parts.push(sql`select w.id as sample_id, w.sample_number, w.customer_facing_status as sample_status,
        'WasteSample' as sample_type, null as name, w.flag_notes as notes_preview, g.id as group_id,
        g.name as group_name, null::int as pet_owner_id
      from waste_samples w join groups g on g.id = w.property_id
      where w.is_flagged and ${pathWithin(sql`g.path`, groupPath)}`);
  const conditions: SQL[] = [sql`true`];
  if (filter.sampleNumber) conditions.push(sql`s.sample_number ilike ${containsPattern(filter.sampleNumber)}`);
  if (filter.notesPreview) conditions.push(sql`s.notes_preview ilike ${containsPattern(filter.notesPreview)}`);
  if (filter.groupName) conditions.push(sql`s.group_name ilike ${containsPattern(filter.groupName)}`);
  if (filter.sampleStatus !== undefined) conditions.push(sql`s.sample_status = ${filter.sampleStatus}`);
  if (filter.dateBounds)
    conditions.push(
      sql`f.date_flagged >= ${filter.dateBounds.start.toISOString()}::timestamptz and f.date_flagged < ${filter.dateBounds.end.toISOString()}::timestamptz`,
    );
  const order = sortColumn(ORDER, filter.orderBy, 'dateFlagged');
  const ascending = filter.orderBy ? filter.ascending !== false : false;
  const direction = ascending ? sql`asc nulls first` : sql`desc nulls last`;
  const rows = await queryRows<SqlRow>(
    db,
    sql`select sample_id as "sampleId", sample_number as "sampleNumber", sample_status as "sampleStatus",
        sample_type as "sampleType", name, date_flagged as "dateFlagged", notes_preview as "notesPreview",
        group_id as "groupId", group_name as "groupName", pet_owner_id as "petOwnerId", count(*) over () as total
      from (select s.*, f.date_flagged from (${sql.join(parts, sql` union all `)}) s
        left join lateral (select max(h.changed_at) as date_flagged from sample_history h
          where h.sample_number = upper(s.sample_number) and h.entry_type = ${SampleHistoryEntryType.Flag}) f on true
        where ${sql.join(conditions, sql` and `)}) d
      order by ${order} ${direction}, sample_type, sample_id
      ${pageLimitSql(filter)}`,
  );
  const totalRecords = rows.length ? Number(rows[0].total) : 0;
  return {
    totalRecords,
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      sampleStatus: Number(row.sampleStatus),
      dateFlagged: row.dateFlagged == null ? null : new Date(row.dateFlagged).toISOString(),
    })),
  };
}
