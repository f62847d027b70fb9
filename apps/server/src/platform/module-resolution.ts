// Relative imports between the ES modules of an installed package are resolved by URL arithmetic, ahead of Node's own
// resolver. Node 24's resolver keeps about half a megabyte that is never given back for each relative import inside a
// package with a large package.json (drizzle-orm's is 179 kB, and the server makes some 200 such imports: about
// 100 MB of the process's memory, measured in docs/performance.md "Reports"). An ES module's relative specifier names
// its file in full, so the URL is the answer Node would give; a file that does not exist still fails when it is loaded.
// require() calls (CommonJS, which may leave out the extension) keep Node's resolver.
import { registerHooks } from 'node:module';

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

export function installPackageRelativeResolution(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (
        parent?.startsWith('file:') &&
        parent.includes('/node_modules/') &&
        isRelative(specifier) &&
        context.conditions?.includes('import')
      )
        return { url: new URL(specifier, parent).href, shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}
