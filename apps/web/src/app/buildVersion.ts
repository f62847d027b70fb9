// Tracks the x-build-version header: the first value seen is the running build;
// a later, higher value means the server was redeployed under this tab.

type Listener = (next: string) => void;

let firstSeen: string | null = null;
const listeners = new Set<Listener>();

export function compareVersions(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a.localeCompare(b, undefined, { numeric: true });
}

export function observeBuildVersion(value: string | null): void {
  if (!value) return;
  if (firstSeen === null) {
    firstSeen = value;
    return;
  }
  if (compareVersions(value, firstSeen) > 0) {
    for (const l of listeners) l(value);
  }
}

export function onNewerBuild(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetBuildVersionForTests(): void {
  firstSeen = null;
  listeners.clear();
}
