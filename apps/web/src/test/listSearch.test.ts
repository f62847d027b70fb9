// Lists and reports take their URL state from their endpoint's query schema (docs/decisions/screens.md § Lists): walks
// every paged URL schema of the features' *.search.ts files, so a new list either uses the kit (reportSearch) or is
// listed here with why it cannot, and the next screen gets the kit without being named here.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isReportSearch } from '../components/reportSearch';

/** The paged URL schemas still written by hand, each with why. */
const HAND_WRITTEN: Record<string, string> = {
  productsSearch: 'paging only: the admin product list takes no filter',
  myOrdersSearch: "paging only: the buyer's orders take no filter",
  notificationsSearch: 'paging only: the notification list takes no filter',
  promotionCodesSearch: "the spec names the page size `count` in the URL; the kit's paging names it pageSize",
  providerCodesSearch: "the spec names the page size `count` in the URL; the kit's paging names it pageSize",
  documentsSearch: 'the documents list is unpaged on the server (paged in the browser), so no query schema',
  sampleDataSearch: 'its endpoint takes the sample number in the path (no query schema); paged in the browser',
};

const searchModules = import.meta.glob<Record<string, unknown>>('../features/**/*.search.ts', { eager: true });

/** The exported schemas whose empty URL parses to a page size: the paged lists and reports. */
function pagedSchemas(): Map<string, unknown> {
  const paged = new Map<string, unknown>();
  for (const module of Object.values(searchModules))
    for (const [name, value] of Object.entries(module)) {
      const schema = value as z.ZodType | undefined;
      if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') continue;
      const parsed = schema.safeParse({});
      const data = parsed.success ? parsed.data : undefined;
      if (typeof data === 'object' && data !== null && ('pageSize' in data || 'count' in data)) paged.set(name, schema);
    }
  return paged;
}

describe('list and report URL state', () => {
  it("every paged list derives its URL state from its endpoint's query schema, or says why not", () => {
    const paged = pagedSchemas();
    // The sweep finds the lists (a glob or filter gone wrong would pass everything).
    expect(paged.size).toBeGreaterThanOrEqual(30);
    const handWritten = [...paged].filter(([, schema]) => !isReportSearch(schema)).map(([name]) => name);
    expect(handWritten.sort()).toEqual(Object.keys(HAND_WRITTEN).sort());
  });

  it('names only schemas that exist and are still hand-written', () => {
    const paged = pagedSchemas();
    const listed = Object.keys(HAND_WRITTEN).map((name) => [name, paged.has(name), isReportSearch(paged.get(name))]);
    expect(listed).toEqual(Object.keys(HAND_WRITTEN).map((name) => [name, true, false]));
  });
});
