// The SQL of retroactive matching and of the pending-profile check: which properties a dog (or an owner joining a
// group) can have left samples on, the open result sets there, and the dog profiles still under the lab's review.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const idList = (ids: number[]) => sql.raw(`(${ids.map((n) => Math.trunc(Number(n))).join(',')})`);
const textList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v.toUpperCase()}`),
    sql`, `,
  );

/** The groups these dogs' owners belong or belonged to (a moved-out owner's dog is still a candidate there). */
export async function groupsOfDogs(db: Db, sampleNumbers: string[]): Promise<number[]> {
  if (sampleNumbers.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct pog.group_id as id from pets p join pet_owner_groups pog on pog.pet_owner_id = p.pet_owner_id
        where upper(p.sample_number) in (${textList(sampleNumbers)})`,
  );
  return rows.map((r) => r.id);
}

/** The owners among these who have a dog with an approved profile (an owner without one changes no result). */
export async function ownersWithApprovedDogs(db: Db, petOwnerIds: number[]): Promise<number[]> {
  if (petOwnerIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct p.pet_owner_id as id from pets p
        join dna_profiles d on d.sample_number = p.sample_number and d.sample_type = 0 and d.lab_status = 400
        where p.pet_owner_id in ${idList(petOwnerIds)}`,
  );
  return rows.map((r) => r.id);
}

/** The groups with the properties adjacent to them by agreement (either direction). */
export async function withAdjacent(db: Db, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from groups where id in ${idList(groupIds)}
        union select adjacent_property_id from adjacent_properties where property_id in ${idList(groupIds)}
        union select property_id from adjacent_properties where adjacent_property_id in ${idList(groupIds)}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The result sets on these properties a new dog could change: ready, run before, and whose latest result is NoMatch or
 * Inconclusive or not yet approved (an approved Match, NonCanine or Fail stands). By id.
 */
export async function openSetIds(db: Db, propertyIds: number[]): Promise<number[]> {
  if (propertyIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from waste_result_sets s
        join waste_samples w on w.id = s.waste_sample_id
        join waste_match_results l on l.id = s.latest_result_id
        where s.ready_for_matching and w.property_id in ${idList(propertyIds)}
          and (l.status in ('NoMatch', 'Inconclusive') or not l.is_approved)
        order by s.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Sample numbers of dog profiles still under the lab's review (new, rerun, reswab, verification) whose owners are or
 * were members of the property or of one adjacent to it: a NoMatch approved now could be a Match once they are approved.
 */
export async function pendingDogProfiles(db: Db, propertyId: number): Promise<string[]> {
  const rows = await queryRows<{ sampleNumber: string }>(
    db,
    sql`select distinct d.sample_number as "sampleNumber" from dna_profiles d
        join pets p on p.sample_number = d.sample_number
        join pet_owner_groups pog on pog.pet_owner_id = p.pet_owner_id
        where d.sample_type = 0 and d.lab_status in (0, 20, 40, 50)
          and pog.group_id in (select ${propertyId}::int
            union select adjacent_property_id from adjacent_properties where property_id = ${propertyId}
            union select property_id from adjacent_properties where adjacent_property_id = ${propertyId})
        order by 1`,
  );
  return rows.map((r) => r.sampleNumber);
}
