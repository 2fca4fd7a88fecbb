// The built web app's text files, compressed once at build time beside each file (`app.js.br`,
// `app.js.gz`), for vite.config.ts. The server sends them as they are (@fastify/static's
// `preCompressed`, server/app.ts) instead of compressing every answer again. Brotli at its best
// quality is too slow to run per request; written once, it makes /products' scripts 153 KiB instead
// of the 173 that the server's Brotli at quality 4 sent (`npm run bench -- web`).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSION_THRESHOLD_BYTES } from './server/platform/compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text worth compressing; images and fonts already are. */
const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest)$/;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of the bundle. */
export function precompressPlugin(): Plugin {
  return {
    name: 'monpanier:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => compressBeside(path.join(outDir, name))));
    },
  };
}

async function compressBeside(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < COMPRESSION_THRESHOLD_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}
