// A local S3-compatible server for the tests: @20minutes/s3rver (a maintained fork of s3rver: the
// S3 REST protocol over HTTP, path-style buckets, ETags, ranges, conditional GETs, and AWS
// signature v4 checked, so wrong credentials are refused as by a real store). Pure JavaScript, no
// binary to download. Objects are files in a temporary directory; `stop()` then `start()` brings the
// same store back on the same port (a store that was down and comes back).
//
// Known limit of this server: it refuses the SDK's bucket-level requests (ListObjects, HeadBucket)
// on a signature detail, so the app uses object requests only (PutObject, GetObject, HeadObject).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../platform/storage-s3';

export type LocalS3 = {
  /** The app's S3 configuration for this server (as S3_* would give it). */
  settings: S3Settings;
  /** Stops answering: connections are refused until start(). */
  stop: () => Promise<void>;
  /** Answers again, with the objects it had. */
  start: () => Promise<void>;
  /** Stops the server and removes its files. */
  close: () => Promise<void>;
};

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'monpanier-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'monpanier-s3-'));
  let port = 0;
  let server: S3rver | null = null;

  const start = async () => {
    if (server) return;
    const next = new S3rver({ address: '127.0.0.1', port, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
    port = (await next.run()).port;
    server = next;
  };
  const stop = async () => {
    if (!server) return;
    const running = server;
    server = null;
    // Keep-alive connections would keep it answering: cut them.
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();

  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    stop,
    start,
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
