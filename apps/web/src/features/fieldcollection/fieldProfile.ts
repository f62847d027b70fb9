// What the collection screen needs when it opens without a network: who is signed in and the properties they collect
// on, kept on the device from the last time it was online (never the token's secret beyond what tokenStorage keeps).
import { accountEndpoints, fieldCollectionEndpoints } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type FieldProfile = { userName: string; fullName: string; properties: { id: number; name: string }[] };
const KEY = 'registry.fieldProfile';

export function cachedProfile(): FieldProfile | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as FieldProfile) : null;
  } catch {
    return null;
  }
}

/** Reads the profile from the server and keeps it on the device. */
export async function refreshProfile(): Promise<FieldProfile> {
  const [user, properties] = await Promise.all([
    callApi(accountEndpoints.userInfo, {}, { handleErrorsSpecifically: true }),
    callApi(fieldCollectionEndpoints.properties, {}, { handleErrorsSpecifically: true }),
  ]);
  const profile = { userName: user.userName, fullName: user.fullName, properties };
  localStorage.setItem(KEY, JSON.stringify(profile));
  return profile;
}
