// The server process's entry point: puts the package import shortcut in place (platform/module-resolution.ts), then
// loads and runs the server (run-server.ts). The server is imported dynamically because static imports are all
// resolved before this module runs, which would be before the shortcut exists.
import { installPackageRelativeResolution } from './platform/module-resolution.ts';

installPackageRelativeResolution();
await import('./run-server.ts');
