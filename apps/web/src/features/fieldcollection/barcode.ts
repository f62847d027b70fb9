// Reading the kit's barcode with the camera: the browser's BarcodeDetector where it reads Code 128 (Chrome on Android),
// elsewhere (Chromium on Linux, desktop Firefox) the barcode-detector ponyfill on zxing-wasm, loaded only when a
// scan starts so no other screen pays for it (docs/decisions/field-collection.md).
import type { BarcodeFormat } from 'barcode-detector/ponyfill';

type Detected = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** What the TD kits carry (Code 128) and what other labels in use may carry. */
const FORMATS: BarcodeFormat[] = ['code_128', 'code_39', 'qr_code', 'data_matrix', 'ean_13'];

/** A camera is all the scan needs: the library reads the frames where the browser cannot. */
export const barcodeScanningAvailable = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Whether the browser's own detector reads the kits' Code 128; asked once. */
let nativeReadsKits: Promise<boolean> | null = null;
function browserReadsKitBarcodes(): Promise<boolean> {
  nativeReadsKits ??= (async () => {
    const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (!Native) return false;
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    return formats.includes('code_128');
  })();
  return nativeReadsKits;
}

async function makeDetector(): Promise<Detector> {
  if (await browserReadsKitBarcodes()) {
    const Native = (window as unknown as { BarcodeDetector: NativeDetectorClass }).BarcodeDetector;
    const supported = await Native.getSupportedFormats();
    return new Native({ formats: FORMATS.filter((format) => supported.includes(format)) });
  }
  const { libraryDetector } = await import('./barcodeLibrary');
  return libraryDetector(FORMATS);
}

const TD = /TDI?\d{7}/i;

/** The collector stopped the scan: not a problem to report. */
export class ScanStopped extends Error {
  constructor() {
    super('Scanning stopped.');
  }
}

/**
 * Shows the back camera in `video` and resolves with the first TD number a barcode holds; `stop()` ends the camera.
 */
export function scanBarcode(video: HTMLVideoElement): { result: Promise<string>; stop: () => void } {
  const state = { stopped: false };
  let stream: MediaStream | null = null;
  const stop = () => {
    state.stopped = true;
    stream?.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  const result = (async () => {
    const detector = await makeDetector();
    if (state.stopped) throw new ScanStopped();
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    if (state.stopped) {
      stop();
      throw new ScanStopped();
    }
    video.srcObject = stream;
    await video.play();
    while (!state.stopped) {
      const codes = await detector.detect(video).catch(() => []);
      const found = codes.map((code) => TD.exec(code.rawValue)?.[0]).find(Boolean);
      if (found) {
        stop();
        return found.toUpperCase();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new ScanStopped();
  })();
  return { result, stop };
}

/**
 * Puts the library and its WASM in the collection app's offline copy while there is a network, so the first scan can
 * happen offline. The service worker keeps every /assets/ file the page fetches; hashed names make later visits hit
 * the browser's cache. Skipped where the browser's own detector does the work.
 */
export async function keepBarcodeLibraryForOffline(): Promise<void> {
  if (!barcodeScanningAvailable() || (await browserReadsKitBarcodes())) return;
  const { fetchLibraryFiles } = await import('./barcodeLibrary');
  await fetchLibraryFiles();
}
