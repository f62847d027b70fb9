// The lab's time zone for formatters that run outside React (table column renders): set whenever userinfo arrives.
import { DEFAULT_LAB_TIME_ZONE } from '@registry/contracts/labTime';

let zone = DEFAULT_LAB_TIME_ZONE;

export const currentLabZone = () => zone;
export function setLabZone(next: string | null | undefined) {
  zone = next || DEFAULT_LAB_TIME_ZONE;
}
