// What a result letter reads beyond the result itself: the matched dog's name and its owner's.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** The dog's name and its owner's full name, or null for no dog. */
export async function dogAndOwner(db: Db, petId: number | null) {
  if (petId === null) return null;
  const [dog] = await queryRows<{ petName: string; ownerName: string | null }>(
    db,
    sql`select p.name as "petName", trim(u.first_name || ' ' || u.last_name) as "ownerName"
        from pets p left join users u on u.id = p.pet_owner_id where p.id = ${petId}`,
  );
  return dog ?? null;
}
