// Route components fetched on first use, without TanStack's reload of the whole tab when a chunk fails to load: that
// reload, made while the server restarts, lands on its 503 answer or the browser's error page.
import { lazyRouteComponent } from '@tanstack/react-router';
import { whenServerAnswers } from '../lib/serverAnswers';

/** Runs a dynamic import; if it fails, once more after the server answers (showing the update prompt for a newer build). */
export async function importOnceServerAnswers<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch {
    await whenServerAnswers();
    try {
      return await importer();
    } catch (error) {
      // Reworded so that lazyRouteComponent does not recognise it and reload; RouteError still does and offers Reload.
      throw new Error(`This screen's code could not be loaded (${(error as Error).message})`, { cause: error });
    }
  }
}

/** Like lazyRouteComponent, but a chunk that fails to load is fetched again once the server answers. */
export function lazyPage<T extends Record<string, any>, K extends keyof T>(importer: () => Promise<T>, exportName: K) {
  return lazyRouteComponent(() => importOnceServerAnswers(importer), exportName);
}
