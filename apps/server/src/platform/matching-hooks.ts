// The registry's events that waste matching answers: approved DNA profiles (a dog's, a waste sample's) and a pet owner
// joining a property. Matching registers its handlers at start-up; the lab (dna) and community modules call these
// without importing matching, so the dependency points one way (matching reads the registry, not the reverse).
import type { Services } from './context.ts';

/** The caller's transaction context: a handler writes its jobs in that transaction (they exist only if it commits). */
export type HookContext = Pick<Services, 'db' | 'config'> & { transaction?: unknown };
type ApprovedProfile = { id: number; sampleNumber: string };
export type ApprovedProfiles = { waste: ApprovedProfile[]; pets: ApprovedProfile[] };
export type OwnerArrival = { petOwnerId: number; groupId: number };

type ProfilesHandler = (ctx: HookContext, approved: ApprovedProfiles) => Promise<void>;
type ArrivalHandler = (ctx: HookContext, arrivals: OwnerArrival[]) => Promise<void>;

// Sets: buildApp runs once per app and tests build several apps in one process; a handler counts once.
const profileHandlers = new Set<ProfilesHandler>();
const arrivalHandlers = new Set<ArrivalHandler>();

export function onProfilesApproved(handler: ProfilesHandler): void {
  profileHandlers.add(handler);
}

export function onPetOwnersArrived(handler: ArrivalHandler): void {
  arrivalHandlers.add(handler);
}

/** Called by the lab's approval, in its transaction, with the profiles it approved. */
export async function profilesApproved(ctx: HookContext, approved: ApprovedProfiles): Promise<void> {
  if (approved.waste.length === 0 && approved.pets.length === 0) return;
  for (const handler of profileHandlers) await handler(ctx, approved);
}

/** Called, in the change's transaction, when pet owners become current members of groups (a move in, a transfer). */
export async function petOwnersArrived(ctx: HookContext, arrivals: OwnerArrival[]): Promise<void> {
  if (arrivals.length === 0) return;
  for (const handler of arrivalHandlers) await handler(ctx, arrivals);
}
