// What a load balancer sees (issue 16, point 4): /api/health while the process answers; /api/ready
// only when the database answers and has this version's migrations, and not once the instance
// drains before stopping — while the job and the request it had in flight still finish, and
// app.close() waits for that request.
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createTestContext, type TestContext } from '../test/harness';
import { queryRows } from './sql-rows';
import { createReadinessCheck } from './readiness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('/api/ready and /api/health', () => {
  it('ready when the database answers with every migration, never kept by a cache', async () => {
    const res = await get(ctx.app, '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get(ctx.app, '/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('503 in French while the database lacks a migration of this version', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      ctx.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const res = await get(ctx.app, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: fr.operations.migrationsPending, code: 'NOT_READY_MIGRATIONS' });
      expect((await get(ctx.app, '/api/health')).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await get(ctx.app, '/api/ready')).statusCode).toBe(200);
  });

  it('not ready when the database refuses connections, or does not answer in time', async () => {
    const refusing = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/personne' });
    expect(await createReadinessCheck(refusing.db, () => false)()).toMatchObject({ ready: false, code: 'NOT_READY_DATABASE' });
    await refusing.close();

    // A server that takes the connection and never says a word.
    const sockets: Socket[] = [];
    const mute: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const port = (mute.address() as { port: number }).port;
    const silent = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/personne` });
    try {
      expect(await createReadinessCheck(silent.db, () => false, 200)()).toMatchObject({ ready: false, code: 'NOT_READY_DATABASE' });
    } finally {
      for (const socket of sockets) socket.destroy();
      mute.close();
      await silent.close().catch(() => {});
    }
  });
});

describe('draining before a stop', () => {
  it('answers ready 503 at once, lets the running job and the request in flight finish, and close waits for the request', async () => {
    const app = await buildApp(ctx.deps);
    const jobStarted = signal();
    const releaseJob = signal();
    const requestArrived = signal();
    const releaseRequest = signal();
    const order: string[] = [];
    app.jobs.define('test-drain', async () => {
      jobStarted.resolve();
      await releaseJob.promise;
      order.push('tâche terminée');
    });
    app.get('/test/slow', async () => {
      requestArrived.resolve();
      await releaseRequest.promise;
      order.push('requête terminée');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    await app.jobs.enqueue('test-drain');
    await jobStarted.promise;
    const slow = fetch(`${base}/test/slow`);
    await requestArrived.promise;

    const drained = app.lifecycle.drain(10_000).then((left) => {
      order.push('drainé');
      return left;
    });
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ detail: fr.operations.shuttingDown, code: 'SHUTTING_DOWN' });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    releaseJob.resolve();
    expect(await drained).toBe(0);
    const closed = app.close().then(() => order.push('fermé'));
    releaseRequest.resolve();
    expect((await slow).status).toBe(200);
    await closed;
    expect(order).toEqual(['tâche terminée', 'drainé', 'requête terminée', 'fermé']);
  });
});
