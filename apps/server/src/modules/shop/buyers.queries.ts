// The buyer facts as SQL subqueries for checkout's single statements, built from the ones the owning modules export
// (accounts, pets, residents), so the shop names none of their tables.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { userContactQuery } from '../accounts/users.ts';
import { activePetNameQuery } from '../pets/pets.service.ts';
import { residentCountryOfUserQuery, unregisteredDogNameQuery } from '../residents/residents.service.ts';

/** The buyer's user_name, first_name, last_name, email and own country_id, as a lateral subquery of one row. */
export const buyerContactSql = (userId: number | SQLWrapper) => userContactQuery(userId);

/** The country of the buyer's resident record (a scalar subquery). */
export const buyerResidentCountrySql = (userId: number | SQLWrapper) => residentCountryOfUserQuery(userId);

/**
 * The name of an item's dog when the buyer may order for it, else null (a scalar expression over the item's pet_id and
 * pre_reg_dog_id columns): the pet when the item names one, as eligibleDogs keys a dog.
 */
export const eligibleDogNameSql = (petId: SQL, preRegDogId: SQL, userId: number | SQLWrapper) =>
  sql`case when ${petId} is not null then ${activePetNameQuery(petId, userId)}
    else ${unregisteredDogNameQuery(preRegDogId, userId)} end`;
