// Per-route search validation from the screens' own zod schemas, without zod in the entry chunk: the schema module is
// imported when its route first loads, and until then the route's search is re-validated by reloading the route once.
import { redirect } from '@tanstack/react-router';
import type { z } from 'zod';
import { importOnceServerAnswers } from './lazyPage';

type Search = Record<string, unknown>;

/**
 * The search values that differ from the schema's defaults, parsed by the schema. Bad values are caught by the
 * schema's fallbacks, so they drop out here and the screen shows the defaults; the URL keeps only what was chosen.
 */
export function chosenSearch<S extends z.ZodType<object>>(schema: S, search: Search): Partial<z.output<S>> {
  const parsed = schema.safeParse(search);
  const defaults = schema.safeParse({});
  if (!parsed.success) return {};
  const fallback = (defaults.success ? defaults.data : {}) as Search;
  const chosen: Search = {};
  for (const [key, value] of Object.entries(parsed.data as Search)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(fallback[key])) chosen[key] = value;
  }
  return chosen as Partial<z.output<S>>;
}

/**
 * `validateSearch` and `beforeLoad` for a route whose search is described by a lazily imported schema. The first time
 * the route loads without its schema, beforeLoad imports it and reloads the same URL, which validates it.
 */
export function lazySearch<S extends z.ZodType<object>>(load: () => Promise<S>) {
  let schema: S | null = null;
  let unchecked = false;
  return {
    validateSearch: (search: Search): Partial<z.output<S>> => {
      if (schema) return chosenSearch(schema, search);
      unchecked = true;
      return {};
    },
    beforeLoad: async ({ location }: { location: { href: string } }): Promise<void> => {
      if (!schema) schema = await importOnceServerAnswers(load);
      if (unchecked) {
        unchecked = false;
        throw redirect({ href: location.href, replace: true });
      }
    },
  };
}
