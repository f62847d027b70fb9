// In what order a batch's rows are imported: rows that may concern the same resident run one after another in file
// order (so the first makes the resident and the next finds it, as a one-by-one import would); rows of different
// residents run side by side, a few at once, each still in its own transaction.
import type { CleanRow } from './import-row.ts';

/** Rows in flight at once: each holds a pooled connection, and the server's pool serves other requests too. */
const ROWS_AT_ONCE = 4;

/**
 * Two rows may concern the same resident when they share the property and the e-mail or the first and last name (a
 * row finds its resident by e-mail when it has one, else by name and unit; the name alone is the wider test). Rows
 * linked through any chain of shared keys form one group, listed in file order.
 */
export function sameResidentGroups<T>(rows: readonly { propertyId: number; row: CleanRow; task: T }[]): T[][] {
  const parent = rows.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const firstWithKey = new Map<string, number>();
  rows.forEach(({ propertyId, row }, i) => {
    const keys = [`${propertyId}|name|${row.firstName.toLowerCase()}|${row.lastName.toLowerCase()}`];
    if (row.email) keys.push(`${propertyId}|email|${row.email.toLowerCase()}`);
    for (const key of keys) {
      const first = firstWithKey.get(key);
      if (first === undefined) firstWithKey.set(key, i);
      else parent[root(i)] = root(first);
    }
  });
  const groups = new Map<number, T[]>();
  rows.forEach(({ task }, i) => {
    const group = groups.get(root(i));
    if (group) group.push(task);
    else groups.set(root(i), [task]);
  });
  return [...groups.values()];
}

/** Runs each group's tasks in order, `atOnce` groups at a time. */
export async function runGroups(groups: readonly (readonly (() => Promise<void>)[])[], atOnce = ROWS_AT_ONCE) {
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++];
      for (const task of group) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, groups.length) }, worker));
}
