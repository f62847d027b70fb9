// The barcode screens' error sound (spec 3 §2 "Barcode screen"): a short low tone, made with Web Audio so the app ships
// no sound file. Browsers without audio (or a test DOM) stay silent.
let context: AudioContext | null = null;

export function playErrorSound(): void {
  const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 220;
    gain.gain.value = 0.1;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.35);
  } catch {
    // No audio output: the alert still tells the user.
  }
}
