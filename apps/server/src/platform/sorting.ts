// The sort columns of paged lists (spec 1 §7 orderBy, ascending): looked up in maps without a prototype, so an
// orderBy such as '__proto__' or 'constructor' finds nothing and the list keeps its default order.

/** The sort columns of one list, keyed by the lower-case orderBy names it accepts. */
export function sortColumns<T>(columns: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(columns).map(([key, value]) => [key.toLowerCase(), value]));
}

/** The column an orderBy names (case-insensitive), or the list's default for a missing or unknown name. */
export function sortColumn<T>(columns: ReadonlyMap<string, T>, orderBy: string | undefined, fallback: string): T {
  const column = (orderBy ? columns.get(orderBy.toLowerCase()) : undefined) ?? columns.get(fallback.toLowerCase());
  if (column === undefined) throw new Error(`No default sort column '${fallback}'.`);
  return column;
}
