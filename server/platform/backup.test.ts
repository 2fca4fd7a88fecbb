// `npm run backup` and `npm run restore`. Embedded database: an archive made by the running server
// (asked over its Unix socket), data changed, server stopped, archive restored, and the restarted
// app shows the backed-up data; a restore refuses while a server runs and refuses a damaged archive
// without touching anything. PostgreSQL: the backup is pg_dump's, and restore points to pg_restore.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { runBackup, runRestore } from '../cli/backup-commands';
import { type Config, testConfig } from '../config';
import { openConfiguredDatabase, openDatabase } from '../db/client';
import { bearer, createTestContext, registerUser, type TestContext } from '../test/harness';
import { dataUrl, pngBytes } from '../test/images';
import { testDbKind } from '../test/template-db';
import { databaseDir } from './backup';
import { readBackupArchive } from './backup-archive';
import { type BackupChannel, startBackupChannel } from './backup-channel';
import { localFileStorage } from './storage-local';

type Server = { app: FastifyInstance; channel: BackupChannel; stop: () => Promise<void> };

/** What `npm start` runs on an embedded database: the app, and the backup channel beside it. */
async function startServer(config: Config): Promise<Server> {
  const database = await openConfiguredDatabase(config);
  const storage = await localFileStorage(path.join(config.dataDir, 'uploads'));
  const app = await buildApp({ config, db: database.db, storage, now: () => new Date() });
  await app.ready();
  const channel = await startBackupChannel({ pglite: database.pglite!, dataDir: config.dataDir, storage: storage.kind }, { info: () => {}, error: () => {} });
  return {
    app,
    channel,
    stop: async () => {
      await app.close();
      await channel.close();
      await database.close();
    },
  };
}

const login = (app: FastifyInstance, email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

if (testDbKind() === 'pglite') {
  describe('backup and restore of the embedded database', () => {
    let root: string;
    let config: Config;
    let server: Server | null = null;

    beforeAll(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'monpanier-backup-'));
      config = testConfig({ dataDir: path.join(root, 'data'), backupDir: path.join(root, 'sauvegardes'), webDistDir: path.join(root, 'no-web') });
      // First start: the seeded test database, written to DATA_DIR/db.
      const seeded = await openDatabase({ kind: 'pglite', dataDir: databaseDir(config.dataDir), loadDataDir: new Blob([await readFile(inject('templateDb'))]) });
      await seeded.close();
    });

    afterAll(async () => {
      await server?.stop();
      await rm(root, { recursive: true, force: true });
    });

    it('backs up while the server runs; after changes, the restored app shows the backed-up data and the replaced data is kept', async () => {
      server = await startServer(config);
      const before = await registerUser(server.app, { full_name: 'Awa Avant', avatar_url: dataUrl(await pngBytes(300, 300)) });
      const avatar = before.user.avatar_url!;

      const backup = await runBackup(config, []);
      expect(backup.via).toBe('server');
      expect(backup.file.startsWith(config.backupDir)).toBe(true);
      expect(backup.summary).toContain('faite par le serveur en marche');
      const manifest = await readBackupArchive(backup.file);
      expect(manifest.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['database.tar.gz', `uploads/${avatar.replace('/uploads/', '')}`, 'vapid-keys.json']));

      // After the backup: a name changed, a new avatar, a new account.
      const renamed = await server.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(before.access_token),
        payload: { full_name: 'Awa Après', email: before.user.email, phone: before.user.phone, country_region: before.user.country_region },
      });
      expect(renamed.statusCode).toBe(200);
      const newAvatar = await server.app.inject({ method: 'PUT', url: '/api/users/me/avatar', headers: bearer(before.access_token), payload: { avatar_url: dataUrl(await pngBytes(200, 400)) } });
      expect(newAvatar.json().avatar_url).not.toBe(avatar);
      const after = await registerUser(server.app, { full_name: 'Bruno Après' });

      await expect(runRestore(config, [backup.file])).rejects.toThrow(/Restauration refusée : la base est ouverte par un autre processus/);
      await server.stop();
      server = null;

      const summary = await runRestore(config, [backup.file]);
      expect(summary).toContain(`Sauvegarde du ${manifest.created_at} restaurée`);
      const kept = /gardées dans (\S+)/.exec(summary)?.[1];
      expect(kept).toBeDefined();
      expect((await readdir(kept!)).sort()).toEqual(['db', 'uploads', 'vapid-keys.json']);

      server = await startServer(config);
      const again = await login(server.app, before.user.email, before.password);
      expect(again.statusCode).toBe(200);
      const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(again.json().access_token) });
      expect([me.json().full_name, me.json().avatar_url]).toEqual(['Awa Avant', avatar]);
      const image = await server.app.inject({ method: 'GET', url: avatar });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
      expect((await login(server.app, after.user.email, after.password)).statusCode).toBe(401);
      await server.stop();
      server = null;
    });

    it('refuses a damaged, truncated or foreign archive and changes nothing', async () => {
      const backup = await runBackup(config, ['--out', path.join(root, 'directe.tar')]);
      expect(backup.via).toBe('direct');
      const bytes = await readFile(backup.file);
      const damaged = Buffer.from(bytes);
      for (let i = 0; i < 64; i++) damaged[2048 + i] ^= 0xff; // inside database.tar.gz, the first entry
      const cases: [string, Buffer, RegExp][] = [
        ['endommagee.tar', damaged, /Archive endommagée : le contenu de « database.tar.gz »/],
        ['tronquee.tar', bytes.subarray(0, Math.floor(bytes.length / 2)), /Archive (incomplète|illisible ou tronquée)/],
        ['pas-une-archive.tar', Buffer.from('ceci n’est pas une sauvegarde'.repeat(40)), /Archive (illisible|incomplète)/],
      ];
      const dataBefore = (await readdir(config.dataDir)).sort();
      const dbSize = (await stat(path.join(config.dataDir, 'db', 'PG_VERSION'))).size;
      for (const [name, content, refusal] of cases) {
        const file = path.join(root, name);
        await writeFile(file, content);
        await expect(runRestore(config, [file])).rejects.toThrow(refusal);
      }
      // Nothing moved, nothing left behind: the same entries, the database still there and opening.
      expect((await readdir(config.dataDir)).sort()).toEqual(dataBefore);
      expect((await stat(path.join(config.dataDir, 'db', 'PG_VERSION'))).size).toBe(dbSize);
      server = await startServer(config);
      const demo = await login(server.app, 'demo@monpanier.ga', 'Demo2026!');
      expect(demo.statusCode).toBe(200);
      await server.stop();
      server = null;

      await copyFile(backup.file, path.join(root, 'copie.tar'));
      await expect(runBackup(config, ['--out', path.join(root, 'copie.tar')])).rejects.toThrow(/existe déjà/);
    });
  });
} else {
  describe('backup of a PostgreSQL deployment', () => {
    let ctx: TestContext;
    let root: string;

    beforeAll(async () => {
      ctx = await createTestContext();
      root = await mkdtemp(path.join(os.tmpdir(), 'monpanier-backup-pg-'));
    });

    afterAll(async () => {
      await ctx?.close();
      await rm(root, { recursive: true, force: true });
    });

    it('writes a pg_dump archive that pg_restore reads, and sends restores to pg_restore', async () => {
      const config = testConfig({ databaseUrl: ctx.database.url, dataDir: ctx.dataDir, backupDir: root });
      const backup = await runBackup(config, []);
      expect(backup.via).toBe('pg_dump');
      expect((await readFile(backup.file)).subarray(0, 5).toString()).toBe('PGDMP');
      const { stdout } = await promisify(execFile)('pg_restore', ['--list', backup.file]);
      expect(stdout).toMatch(/TABLE public users /);
      expect(backup.summary).toContain('pg_restore --no-owner');
      await expect(runRestore(config, [backup.file])).rejects.toThrow(/pg_restore/);
    });
  });
}
