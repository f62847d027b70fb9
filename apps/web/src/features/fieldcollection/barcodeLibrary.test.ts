// The WASM the build serves must be the one the barcode library's JavaScript was built against: barcode-detector
// carries zxing-wasm's JavaScript inside itself, while the WASM file comes from our own zxing-wasm dependency (so Vite
// bundles it and our server serves it). Upgrading one without the other would fail at the first scan, on a phone,
// perhaps offline; this catches it at the upgrade.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';

test('the bundled zxing_reader.wasm is the build the barcode library expects', () => {
  const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  expect(crypto.createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
});
