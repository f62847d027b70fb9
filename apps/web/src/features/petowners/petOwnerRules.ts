// Pure rules of the pet owner screens (spec 2 §2, §4, §5), kept apart from React for tests.
import type { PetOwnerView } from '@registry/contracts';

const dismissalKey = (petOwnerId: number) => `registry.ancestryUpgradeDismissed.${petOwnerId}`;

/**
 * The ancestry upgrade modal: only for a pet owner who is not an admin, when the owner record asks for it and it was
 * not dismissed earlier in this browser (remembered per owner).
 */
export function showsAncestryUpgrade(
  me: { isAdmin: boolean; isPetOwner: boolean } | undefined,
  owner: Pick<PetOwnerView, 'id' | 'showAncestryUpgradeModal'> | undefined,
  storage: Pick<Storage, 'getItem'> = localStorage,
): boolean {
  if (!me || !owner || me.isAdmin || !me.isPetOwner || !owner.showAncestryUpgradeModal) return false;
  return storage.getItem(dismissalKey(owner.id)) !== 'true';
}

export function dismissAncestryUpgrade(petOwnerId: number, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(dismissalKey(petOwnerId), 'true');
}

/** Remove-from-all is offered only when the owner has a current group. */
export const offersRemoveFromAll = (history: readonly { isMovedOut: boolean }[]) =>
  history.some((entry) => !entry.isMovedOut);

/** Deletion needs the user name typed exactly; an empty entry is refused like a wrong one. */
export const deleteConfirmed = (typed: string, userName: string) => typed !== '' && typed === userName;
