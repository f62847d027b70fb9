// Rows every database needs whatever created it (demo seed, create-admin, an empty production database): the features
// that can be granted to users and groups. Written after each migration, idempotently.
import { features } from './schema/index.ts';
import type { Db } from './types.ts';
import { FeatureName } from '@registry/contracts';

const FEATURE_DESCRIPTIONS: Record<keyof typeof FeatureName, string> = {
  Ancestry: 'Ancestry DNA products for residents and pet owners',
  DogQuickActions: 'Quick actions on dog rows',
};

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(features)
    .values(Object.entries(FEATURE_DESCRIPTIONS).map(([name, description]) => ({ name, description })))
    .onConflictDoNothing({ target: features.name });
}
