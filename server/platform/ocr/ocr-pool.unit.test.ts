import { afterAll, describe, expect, it } from 'vitest';
import { listImagePng } from '../../test/documents';
import { AppError } from '../errors';
import { createOcrPool } from './ocr-pool';

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe('createOcrPool', () => {
  const pool = createOcrPool({ size: 2, maxQueue: 3 });
  afterAll(() => pool.close());

  it('reads French text, line by line, with confidences', async () => {
    const image = await listImagePng(['Liste de courses', '3 boîtes de sardines', "1 huile Cuisin'Or"]);
    const result = await pool.recognise(image);
    expect(result.lines.map((line) => line.text)).toEqual(['Liste de courses', '3 boîtes de sardines', "1 huile Cuisin'Or"]);
    expect(result.confidence).toBeGreaterThan(80);
    expect(result.lines.every((line) => line.confidence > 70)).toBe(true);
  });

  it('never runs more recognitions at once than its size, and refuses work beyond its queue', async () => {
    const image = await listImagePng(['riz', 'huile', 'sucre']);
    let running = 0;
    let most = 0;
    const track = () => {
      let started = false;
      return {
        onProgress: () => {
          if (started) return;
          started = true;
          running++;
          most = Math.max(most, running);
        },
        done: () => {
          if (started) running--;
        },
      };
    };
    // 2 run, 3 wait, the 6th is refused.
    const calls = Array.from({ length: 6 }, () => {
      const t = track();
      return pool.recognise(image, t.onProgress).finally(t.done);
    });
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
    const refused = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(codeOf(refused.reason)).toBe('DOCUMENT_QUEUE_FULL');
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('fails an unreadable image with DOCUMENT_PROCESSING_FAILED and keeps serving', async () => {
    const error = await pool.recognise(Buffer.from('ceci nest pas une image')).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('DOCUMENT_PROCESSING_FAILED');
    const result = await pool.recognise(await listImagePng(['savon de Marseille']));
    expect(result.text).toContain('savon de Marseille');
  });
});

describe('an idle and a closed pool', () => {
  it('stops idle workers, starts new ones on demand, and refuses work once closed', async () => {
    const pool = createOcrPool({ size: 1, idleMs: 50 });
    const image = await listImagePng(['pain']);
    expect((await pool.recognise(image)).text).toContain('pain');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await pool.recognise(image)).text).toContain('pain');
    const pending = pool.recognise(image).catch((e: unknown) => e);
    await pool.close();
    expect(codeOf(await pending)).toBe('DOCUMENT_PROCESSING_FAILED');
    expect(codeOf(await pool.recognise(image).catch((e: unknown) => e))).toBe('DOCUMENT_PROCESSING_FAILED');
  });
});
