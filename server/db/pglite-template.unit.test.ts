// The empty cluster made by the build and copied by a first start (pglite-template.ts): a copy opens
// as a working database, a folder that already holds data is never touched, and a template made by
// another PGlite build (another fingerprint) is not used.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { buildPgliteTemplate, createClusterFromTemplate } from './pglite-template';

let work: string;
let root: string;
let template: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'monpanier-template-test-'));
  root = path.join(work, 'templates');
  template = await buildPgliteTemplate(root);
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('PGlite cluster template', () => {
  it('is built once: a second build keeps the same folder', async () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(await buildPgliteTemplate(root)).toBe(template);
    expect(await readdir(root)).toEqual([path.basename(template)]);
  });

  it('fills an empty database folder, which then opens, migrates and keeps its rows', async () => {
    const dataDir = path.join(work, 'empty', 'db');
    await mkdir(dataDir, { recursive: true });
    expect(await createClusterFromTemplate(dataDir, root)).toBe(true);
    const database = await openDatabase({ kind: 'pglite', dataDir, templateRoot: root });
    try {
      await migrateDatabase(database);
      await database.pglite!.query(`insert into app_settings (key, value) values ('essai', 'gardé')`);
    } finally {
      await database.close();
    }
    const reopened = await openDatabase({ kind: 'pglite', dataDir, templateRoot: root });
    try {
      expect((await reopened.pglite!.query<{ value: string }>(`select value from app_settings where key = 'essai'`)).rows).toEqual([{ value: 'gardé' }]);
    } finally {
      await reopened.close();
    }
    expect((await readdir(path.dirname(dataDir))).filter((f) => f.includes('.template-'))).toEqual([]); // no copy left beside it
  });

  it('leaves a folder that holds anything to PGlite, and copies nothing', async () => {
    const dataDir = path.join(work, 'used', 'db');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'autre-chose'), 'à ne pas écraser');
    expect(await createClusterFromTemplate(dataDir, root)).toBe(false);
    expect(await readdir(dataDir)).toEqual(['autre-chose']);
  });

  it('ignores a template made by another PGlite build, and a folder without templates', async () => {
    const other = path.join(work, 'other-templates');
    await mkdir(other);
    await rename(template, path.join(other, '0000000000000000'));
    try {
      const dataDir = path.join(work, 'other', 'db');
      await mkdir(dataDir, { recursive: true });
      expect(await createClusterFromTemplate(dataDir, other)).toBe(false);
      expect(await createClusterFromTemplate(dataDir, path.join(work, 'nowhere'))).toBe(false);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rename(path.join(other, '0000000000000000'), template);
    }
  });
});
