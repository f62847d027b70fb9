import { WasteSampleEntry } from './WasteSampleEntry';

/** /tools/enterwastesample: property and other admins enter a waste sample collected on one of their properties. */
export function EnterWasteSamplePage() {
  return <WasteSampleEntry mode="enter" />;
}
