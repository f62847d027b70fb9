// A report's URL state derived from its endpoint's query schema in packages/contracts (the list-and-report kit): each
// filter the URL carries is checked by the very rule the server applies, but tolerantly, because URLs are hand-edited
// and shared: a value the contract refuses drops to absent instead of failing the page. Kept free of React and antd.
import { z } from 'zod';
import { pagingSearch, searchText } from './urlSearch';

/**
 * What a filter holds in the URL: the contract's number, boolean or text as parsed; anything the contract turns into
 * something else (a report date into a Date, a list of role names into numbers) stays the text the URL carries, so
 * the URL reads as before and the value goes to the server as typed.
 */
type UrlValue<T> = T extends number | boolean | string ? T : string;
type UrlFilter<F extends z.ZodType> = z.ZodOptional<z.ZodType<UrlValue<NonNullable<z.output<F>>>>>;

/**
 * The order a query names (an enum of column names or of numbered orderings): the URL keeps the name it carries when
 * the contract takes it, so a sorted column still finds its key, and the server reads the name as it always did.
 */
function urlOrder(field: z.ZodType) {
  return z
    .unknown()
    .transform((raw) =>
      typeof raw === 'string' && raw.trim() !== '' && field.safeParse(raw).success ? raw : undefined,
    )
    .optional();
}

/** One contract field made URL-tolerant: absent or empty is absent, a refused value is absent, defaults are not taken. */
function urlFilter<F extends z.ZodType>(field: F): UrlFilter<F> {
  return z
    .unknown()
    .transform((raw) => {
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
      const parsed = field.safeParse(raw);
      if (!parsed.success || parsed.data === undefined || parsed.data === null) return undefined;
      const value: unknown = parsed.data;
      return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : raw;
    })
    .optional() as unknown as UrlFilter<F>;
}

type QueryShape<Q extends z.ZodObject> = Q['shape'];
/** URL key → the contract's query key it fills (the URL keeps its own names where bookmarks already use them). */
export type FilterMap<Q extends z.ZodObject> = Record<string, keyof QueryShape<Q> & string>;

type FilterShape<Q extends z.ZodObject, M extends FilterMap<Q>> = {
  [K in keyof M]: UrlFilter<QueryShape<Q>[M[K]]>;
};
type Paging = ReturnType<typeof pagingSearch>['shape'];
/** An order the contract names by text keeps its type; one it reads into a number stays the name the URL carries. */
type UrlOrder<F extends z.ZodType> =
  NonNullable<z.output<F>> extends string ? UrlFilter<F> : z.ZodOptional<z.ZodType<string>>;
/** The URL's order: the contract's own (its named orders, when it lists them), else the paging's column name. */
type OrderShape<Q extends z.ZodObject, C extends boolean> = C extends true
  ? { orderBy: Paging['orderBy'] }
  : 'orderBy' extends keyof QueryShape<Q>
    ? { orderBy: UrlOrder<QueryShape<Q>['orderBy']> }
    : { orderBy: Paging['orderBy'] };

export type ReportSearch<
  Q extends z.ZodObject,
  M extends FilterMap<Q>,
  X extends z.ZodRawShape,
  C extends boolean = false,
> = {
  /** The route's and the screen's search schema: paging, the contract's filters, the extra URL-only keys. */
  schema: z.ZodObject<Omit<Paging, 'orderBy'> & OrderShape<Q, C> & FilterShape<Q, M> & X>;
  /** The endpoint's query from the URL state: each set filter under the contract's name; paging is the table's. */
  request: (search: Partial<Record<keyof M, unknown>>) => Partial<z.input<Q>>;
};

/**
 * The URL search schema of a report page derived from its endpoint's query schema: the named filters (URL key →
 * query key), paging with the report's default size, and URL-only keys such as the picked group's name. When the
 * query names its orders (an enum), the URL's `orderBy` takes only those.
 */
export function reportSearch<
  Q extends z.ZodObject,
  const M extends FilterMap<Q>,
  X extends z.ZodRawShape = {},
  C extends boolean = false,
>(
  query: Q,
  filters: M,
  /**
   * columnOrders: the URL's order is the sorted column's key, which the page maps onto the contract's orders (the keys
   * bookmarks already carry, such as puppySampleNumber for SampleNumber).
   */
  options: { pageSize?: number; extra?: X; columnOrders?: C } = {},
): ReportSearch<Q, M, X, C> {
  const shape = query.shape as Record<string, z.ZodType>;
  const paging = pagingSearch(options.pageSize).shape;
  // A query that refuses an arbitrary column name lists its orders: the URL takes those and nothing else.
  const namesOrders =
    !options.columnOrders && shape.orderBy !== undefined && !shape.orderBy.safeParse('anyColumn').success;
  const orderBy = namesOrders ? urlOrder(shape.orderBy!) : paging.orderBy;
  const fields = Object.fromEntries(Object.entries(filters).map(([urlKey, key]) => [urlKey, urlFilter(shape[key]!)]));
  const schema = z.object({ ...paging, orderBy, ...fields, ...(options.extra ?? {}) });
  const request = (search: Partial<Record<keyof M, unknown>>) => {
    const out: Record<string, unknown> = {};
    for (const [urlKey, key] of Object.entries(filters)) {
      const value = (search as Record<string, unknown>)[urlKey];
      if (value !== undefined) out[key] = value;
    }
    return out as Partial<z.input<Q>>;
  };
  derived.add(schema);
  return { schema: schema as unknown as ReportSearch<Q, M, X, C>['schema'], request };
}

const derived = new WeakSet<object>();
/** The schema came from reportSearch (the sweep of the features' URL schemas tells them from hand-written ones). */
export const isReportSearch = (schema: unknown) => typeof schema === 'object' && schema !== null && derived.has(schema);

/** The picked group's name, shown beside the picker: URL-only (the query takes the group's id). */
export const pickedGroupName = { groupName: searchText };
