// Tracks the x-build-version header. The first value this tab saw is the running build; it is
// kept in sessionStorage so a full page load inside the same tab still compares against it. A
// later, higher value means the server was redeployed under this tab.

type Listener = (next: string) => void;

const STORAGE_KEY = 'registry.buildVersion';
let firstSeen: string | null | undefined;
/** A newer version seen before anyone listened (the first calls start before React mounts). */
let pendingNewer: string | null = null;
const listeners = new Set<Listener>();

export function compareVersions(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a.localeCompare(b, undefined, { numeric: true });
}

function known(): string | null {
  if (firstSeen === undefined) firstSeen = sessionStorage.getItem(STORAGE_KEY);
  return firstSeen;
}

/** Makes `version` the running build, e.g. right before reloading into it. */
export function acceptBuildVersion(version: string): void {
  firstSeen = version;
  pendingNewer = null;
  sessionStorage.setItem(STORAGE_KEY, version);
}

export function observeBuildVersion(value: string | null): void {
  if (!value) return;
  const current = known();
  if (current === null) {
    acceptBuildVersion(value);
    return;
  }
  if (compareVersions(value, current) > 0) {
    if (listeners.size === 0) pendingNewer = value;
    for (const l of listeners) l(value);
  }
}

export function onNewerBuild(listener: Listener): () => void {
  listeners.add(listener);
  if (pendingNewer) {
    const version = pendingNewer;
    pendingNewer = null;
    listener(version);
  }
  return () => listeners.delete(listener);
}

export function resetBuildVersionForTests(): void {
  firstSeen = undefined;
  pendingNewer = null;
  sessionStorage.removeItem(STORAGE_KEY);
  listeners.clear();
}
