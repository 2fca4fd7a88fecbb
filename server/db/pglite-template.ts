// A fresh, empty PGlite cluster made once by the build (scripts/build-server.ts) and copied into
// DATA_DIR/db on the first start, instead of running PGlite's initdb in the server process.
// PGlite's initdb starts a second Postgres instance and copies its whole WebAssembly heap (128 MiB at
// least) for each of its Postgres runs: about 600 MiB at the peak, and glibc keeps much of it after
// (the first start peaked at 955 MiB and stayed at 565 MiB idle; README, « Performances »). A cluster
// shut down cleanly and copied is the usual Postgres way of making one from another.
//
// The template's folder is named by a fingerprint of PGlite's Postgres build (its .wasm and data
// files), so a template made by another PGlite version is never used. Without a template (the server
// run by tsx, the tests), PGlite's own initdb runs as before.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** Where the built server finds its templates: beside its own module (dist/server/pglite-template). */
export const BUILT_TEMPLATE_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/** What a cluster made by this PGlite depends on: its Postgres and initdb builds and its file bundle. */
function pgliteFingerprint(): string {
  const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm')));
  const hash = createHash('sha256');
  for (const file of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) hash.update(readFileSync(path.join(dist, file)));
  return hash.digest('hex').slice(0, 16);
}

const hasCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Makes root/<fingerprint> unless it exists (initdb, then a clean shutdown); answers its path. */
export async function buildPgliteTemplate(root: string): Promise<string> {
  const template = path.join(root, pgliteFingerprint());
  if (hasCluster(template)) return template;
  const staging = `${template}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const pglite = await PGlite.create({ dataDir: staging });
  await pglite.close();
  await rm(template, { recursive: true, force: true });
  await rename(staging, template);
  return template;
}

/**
 * Fills an empty database folder from the template of this PGlite, when there is one: copied beside
 * the folder, then renamed onto it, so a start killed mid-copy leaves no half cluster behind.
 * Answers whether it did; a folder that holds anything is left to PGlite.
 */
export async function createClusterFromTemplate(dataDir: string, root: string = BUILT_TEMPLATE_ROOT): Promise<boolean> {
  if (!existsSync(root) || (existsSync(dataDir) && readdirSync(dataDir).length > 0)) return false;
  const template = path.join(root, pgliteFingerprint());
  if (!hasCluster(template)) return false;
  const staging = `${dataDir}.template-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await cp(template, staging, { recursive: true });
  await rm(dataDir, { recursive: true, force: true }); // empty: rename does not replace a folder on every system
  await rename(staging, dataDir);
  return true;
}
