// What the pet owner's page's route asks for before the page renders (docs/decisions/screens.md, "A page's data starts
// with its route"): the owner and their pets at once. From the page's components the owner waited for the signed-in
// layout's first render, and the pets for the owner's answer as well.
import type { QueryClient } from '@tanstack/react-query';
import { ownerPetsQuery } from '../pets/pets.api';
import { petOwnerQuery } from './petowners.api';
import { isValidId } from '../../components/NotFound';

export function prefetchPetOwnerPage(queryClient: QueryClient, petOwnerId: number): void {
  if (!isValidId(petOwnerId)) return;
  void queryClient.prefetchQuery(petOwnerQuery(petOwnerId));
  void queryClient.prefetchQuery(ownerPetsQuery(petOwnerId));
}
