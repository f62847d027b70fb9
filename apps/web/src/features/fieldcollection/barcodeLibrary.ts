// The barcode library for browsers without a BarcodeDetector of their own: the barcode-detector ponyfill, which runs
// ZXing compiled to WASM. Imported only by barcode.ts when a scan starts (its own chunk, never on the login page).
// The WASM file is bundled by Vite and served by our server like every asset: left alone, the library would fetch it
// from a public CDN, which the app must never do (offline collection, no outside hosts, the CSP allows only 'self').
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { keepAssetForOffline } from '../../lib/offlineAssets';

prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? readerWasmUrl : prefix + file),
  },
});

export const libraryDetector = (formats: BarcodeFormat[]) => new BarcodeDetector({ formats });

/** Fetches the WASM through the service worker (which keeps a copy) without compiling it. */
export const fetchLibraryFiles = () => keepAssetForOffline(readerWasmUrl);
