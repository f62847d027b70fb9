// The pet owner record as its owner and the admins of its groups see it (landing page, search modal). SQL lives in
// petowners.queries.ts; a pet owner outside the caller's reach is answered like one that does not exist.
import type { PetOwnerView } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { fullNameOf } from '../accounts/accounts.service.ts';
import * as q from './petowners.queries.ts';

export async function getPetOwner(ctx: SignedInContext, petOwnerId: number): Promise<PetOwnerView> {
  const owner = await q.findPetOwnerFor(ctx.db, ctx.caller, petOwnerId);
  if (!owner) throw notFound('Petowner not found');
  const ownerPets = await q.petsOf(ctx.db, owner.id);
  return {
    id: owner.id,
    userName: owner.userName,
    fullName: fullNameOf(owner),
    email: owner.email,
    isActive: owner.isActive,
    pets: ownerPets,
  };
}

export async function searchPetOwners(
  ctx: SignedInContext,
  query: { page: number; pageSize: number; name?: string; userName?: string },
) {
  const { rows, total } = await q.searchPetOwners(ctx.db, ctx.caller, query);
  return {
    totalRecords: total,
    data: rows.map((row) => ({ id: row.id, userName: row.userName, fullName: fullNameOf(row), email: row.email })),
  };
}
