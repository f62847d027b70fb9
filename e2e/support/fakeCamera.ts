// A camera for Chromium's fake capture device that shows one Code 128 barcode: the frame is drawn here from the bar
// widths bwip-js encodes (no image decoder needed) and written as a Y4M file, which Chromium plays in a loop with
// --use-file-for-fake-video-capture.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 4;
const BAR_HEIGHT = 220;

/** One frame, white, with the barcode of `text` in the middle (black bars, quiet zones either side). */
function barcodeFrame(text: string): Uint8Array {
  const [symbol] = bwipjs.raw('code128', text, {}) as Array<{ sbs: number[] }>;
  const modules = symbol!.sbs.reduce((sum, width) => sum + width, 0);
  if ((modules + 20) * MODULE_PX > WIDTH) throw new Error(`"${text}" is too long for one ${WIDTH} px frame.`);
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(235);
  let x = Math.floor((WIDTH - modules * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - BAR_HEIGHT) / 2);
  symbol!.sbs.forEach((width, i) => {
    const px = width * MODULE_PX;
    // Even entries are bars, odd ones spaces.
    if (i % 2 === 0) {
      for (let row = top; row < top + BAR_HEIGHT; row++) luma.fill(16, row * WIDTH + x, row * WIDTH + x + px);
    }
    x += px;
  });
  return luma;
}

/** Writes a Y4M (4:2:0, grey: both chroma planes neutral) showing the barcode of `text`; returns the file's path. */
export function barcodeCameraFile(text: string): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-camera-'));
  const file = path.join(dir, 'barcode.y4m');
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\nFRAME\n`),
      barcodeFrame(text),
      chroma,
      chroma,
    ]),
  );
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Chromium's flags for a camera that shows `file` and is allowed without asking. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
