// Reading the kit's barcode with the camera: the browser's BarcodeDetector where it has one (Chrome on Android). Where
// it has none the screen offers typing the TD number (docs/decisions/field-collection.md).
type Detected = { rawValue: string };
type Detector = { detect(source: CanvasImageSource): Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

export const barcodeScanningAvailable = () =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window && Boolean(navigator.mediaDevices?.getUserMedia);

const TD = /TDI?\d{7}/i;

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
    const Barcode = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Barcode({ formats: ['code_128', 'code_39', 'qr_code', 'data_matrix', 'ean_13'] });
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
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
    throw new Error('Scanning stopped.');
  })();
  return { result, stop };
}
