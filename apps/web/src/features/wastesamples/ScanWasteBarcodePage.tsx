import { WasteSampleEntry } from './WasteSampleEntry';

/** /tools/scanwastebarcode: the lab scans a waste sample and receives it. */
export function ScanWasteBarcodePage() {
  return <WasteSampleEntry mode="receive" />;
}
