// Builds the server that `npm start` runs: one ES module, dist/server/main.js, holding the server's
// own code (TypeScript, contract/ included) while its packages stay in node_modules; beside it the
// migrations (server/db/migrate.ts reads them next to the running module) and the empty PGlite
// cluster that a first start copies instead of running initdb (server/db/pglite-template.ts; made
// once per PGlite version, kept between builds).
// Why not `tsx server/main.ts`: tsx transpiles through a loader thread, a second V8 instance that
// stays resident for the process's life (~70-110 MiB; README, « Performances »).
//   tsx scripts/build-server.ts [output folder inside the project]   (default dist/server)
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { buildPgliteTemplate } from '../server/db/pglite-template';

const outDir = path.resolve(process.argv[2] ?? 'dist/server');
await rm(path.join(outDir, 'main.js'), { force: true });
await rm(path.join(outDir, 'migrations'), { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: path.join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages load from node_modules as they do under tsx (native modules, .wasm files, worker scripts).
  packages: 'external',
  logLevel: 'warning',
});
await cp('server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
await buildPgliteTemplate(path.join(outDir, 'pglite-template'));
