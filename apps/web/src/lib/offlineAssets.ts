// Static files of the built app that a screen needs offline: fetched once while there is a network, so the service
// worker (public/sw.js), which keeps every /assets/ file a page fetches, holds a copy. Not an API call: the API goes
// through lib/client.ts.

/** Fetches a bundled asset to the end (its body read, nothing compiled or run) so the service worker keeps it. */
export async function keepAssetForOffline(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
}
