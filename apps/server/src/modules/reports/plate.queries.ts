// Product by plate's SQL: a plate by name and each profile on it with the pet (and its products, owner and group) or the
// waste sample (and its property) it was typed for.
import { sql } from 'drizzle-orm';
import { SampleType } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';

export const findPlate = async (db: Db, plateName: string) =>
  (
    await queryRows<{ id: number; plateName: string }>(
      db,
      sql`select id, plate_name "plateName" from dna_plates where lower(plate_name) = lower(${plateName.trim()})`,
    )
  )[0];

export type PlateSampleRow = {
  id: number;
  well: string | null;
  sampleNumber: string;
  sampleType: number;
  result: string;
  labStatus: number;
  isPooPrints: boolean | null;
  isParentage: boolean | null;
  isPetId: boolean | null;
  petName: string | null;
  petOwnerName: string | null;
  groupName: string | null;
};

export const plateSamples = (db: Db, plateId: number) =>
  queryRows<PlateSampleRow>(
    db,
    sql`select d.id, d.well, d.sample_number "sampleNumber", d.sample_type "sampleType", d.result, d.lab_status "labStatus",
          x.is_poo_prints "isPooPrints", x.is_parentage "isParentage", x.is_pet_id "isPetId", x.name "petName",
          nullif(trim(concat_ws(' ', o.first_name, o.last_name)), '') "petOwnerName",
          coalesce(wp.name, (select g.name from pet_owner_groups pog join groups g on g.id = pog.group_id
            where pog.pet_owner_id = x.pet_owner_id and pog.move_out_date is null order by pog.id limit 1)) "groupName"
        from dna_profiles d
        left join pets x on d.sample_type = ${SampleType.Pet} and upper(x.sample_number) = d.sample_number
        left join users o on o.id = x.pet_owner_id
        left join waste_samples w on d.sample_type = ${SampleType.WasteSample} and upper(w.sample_number) = d.sample_number
        left join groups wp on wp.id = w.property_id
        where d.plate_id = ${plateId}
        order by d.id`,
  );
