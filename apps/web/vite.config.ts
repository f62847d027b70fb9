import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/token', '/files', '/pdfdownload'];

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // What matters is the login page total (under 200 kB gzip), checked by `npm run size` in `npm test` and in e2e.
    chunkSizeWarningLimit: 700,
    // The size check reads dist/.vite/manifest.json; the server serves no dot folder, so it costs nothing to keep, and
    // `npm test` checks the very build the end-to-end tests run against instead of building a second time.
    manifest: true,
    // index.html keeps its modulepreload links, but the entry does not carry, for every lazy route, the list of chunks
    // to preload with it (about a tenth of the entry, growing with each screen): a route's chunk loads on hover
    // ('intent' preloading) and its own imports are fetched in parallel as soon as it arrives.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // antd's @rc-component packages declare no sideEffects field, so whole packages (the form engine, its validator,
      // the popup trigger) ride along with one re-exported helper; they are plain modules without import-time effects.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
    },
  },
});
