// SQL of the plate view's profile summary counts (spec 1 §3): one statement, every count a filtered aggregate over the
// same DNA profiles. It reads the pets and waste sample tables directly (an orphan is a profile whose sample number is
// on neither), as the processing list's pet join does; both lookups use their upper(sample_number) unique indexes.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DnaProfileLabStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { dnaProfiles, pets, wasteSamples } from '../../db/schema/index.ts';

export type ProfileSummaryFilter = { plateId?: number; sampleType?: number };

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
const statusIs = (labStatus: number) => countWhere(sql`${dnaProfiles.labStatus} = ${labStatus}`);

export async function profileSummary(db: Db, filter: ProfileSummaryFilter) {
  const conditions: SQL[] = [];
  if (filter.plateId) conditions.push(eq(dnaProfiles.plateId, filter.plateId));
  if (filter.sampleType !== undefined) conditions.push(eq(dnaProfiles.sampleType, filter.sampleType));
  const [row] = await db
    .select({
      totalRecords: sql<number>`count(*)::int`,
      new: statusIs(DnaProfileLabStatus.New),
      rerun: statusIs(DnaProfileLabStatus.Rerun),
      reswab: statusIs(DnaProfileLabStatus.Reswab),
      inactive: statusIs(DnaProfileLabStatus.Inactive),
      orphans: countWhere(
        sql`not exists (select 1 from ${pets} where upper(${pets.sampleNumber}) = ${dnaProfiles.sampleNumber})
          and not exists (select 1 from ${wasteSamples} where upper(${wasteSamples.sampleNumber}) = ${dnaProfiles.sampleNumber})`,
      ),
    })
    .from(dnaProfiles)
    .where(conditions.length ? and(...conditions) : undefined);
  return row;
}
