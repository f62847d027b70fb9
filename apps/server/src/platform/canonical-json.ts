// JSON with sorted keys: jsonb reorders keys on storage, so hashes must be taken over a canonical form.
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}

/** A plain JSON copy (Dates as ISO strings), exactly what jsonb will hand back. */
export const toJsonValue = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));
