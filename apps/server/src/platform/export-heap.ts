// How much V8 lets the old generation grow after a full collection. An export formats a million rows in batches; the
// young garbage promoted on the way piles up in the old generation, and V8's own growing factor let the server pass its
// 200 MB budget; module loading at start-up does the same. A small factor holds both peaks down, but while requests
// are served it costs each of them more frequent full collections, whose pauses are the 99th percentile's tail. So the
// start scripts set the small factor (`--heap-growing-percent=20`), the server hands over to V8's own factor once it
// listens, and an export takes the small one back while it streams (docs/decisions/performance.md). Node leaves V8's
// flags writable after start-up, and V8 reads this one each time it sizes the heap.
import v8 from 'node:v8';

/** The old generation's growth after a full collection while an export runs: 1 + 20 %. */
const EXPORT_HEAP_GROWING_PERCENT = 20;

let exportsRunning = 0;
let servingRequests = false;

/** V8's own factor from now on, except while an export streams: called once the server listens. */
export function heapForServingRequests(): void {
  servingRequests = true;
  if (exportsRunning === 0) v8.setFlagsFromString('--heap-growing-percent=0');
}

/** Exports streaming now (for tests and the benchmark). */
export const runningExports = () => exportsRunning;

function exportStarted(): void {
  if (exportsRunning++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${EXPORT_HEAP_GROWING_PERCENT}`);
}

function exportEnded(): void {
  // 0 is V8's "no override": its own factor, chosen from the heap's size and the collector's speed. Before the server
  // listens (an export in a test or a script) the start-up factor stays.
  if (--exportsRunning === 0 && servingRequests) v8.setFlagsFromString('--heap-growing-percent=0');
}

/**
 * The export's batches, read with the small growing factor in force from the first batch asked for until the last is
 * read or the download stops (an aborted download returns the iterator, which runs the `finally`).
 */
export async function* withExportHeap<B>(batches: AsyncIterable<B>): AsyncGenerator<B> {
  exportStarted();
  try {
    yield* batches;
  } finally {
    exportEnded();
  }
}
