// Paged lists (spec 1 §7: page is 1-based, the answer is { data, totalRecords }): the request of a page and its window.
// The SQL side (the `limit … offset …` and the page of a drizzle select with its count) is paging.queries.ts.

export type PageRequest = { page: number; pageSize: number };

/** The rows a page skips and takes. */
export const pageWindow = ({ page, pageSize }: PageRequest) => ({ limit: pageSize, offset: (page - 1) * pageSize });
