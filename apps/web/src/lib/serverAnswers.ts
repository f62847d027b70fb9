// Waiting for the server to answer again, so the app never sends the tab to a server that is down or shutting down.
import { observeBuildVersion } from './buildVersion';

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5_000;

/** Resolves once the server answers a page request with success; the answer's build version is observed on the way. */
export async function whenServerAnswers(sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  for (let wait = FIRST_RETRY_MS; ; wait = Math.min(wait * 2, LONGEST_RETRY_MS)) {
    try {
      // A server that is closing answers 503; one that is down refuses the connection.
      const res = await fetch('/', { method: 'HEAD', cache: 'no-store' });
      if (res.ok) {
        observeBuildVersion(res.headers.get('x-build-version'));
        return;
      }
    } catch {
      // Not listening (yet): ask again.
    }
    await sleep(wait);
  }
}
