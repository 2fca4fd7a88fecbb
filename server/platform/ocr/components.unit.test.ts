import { describe, expect, it } from 'vitest';
import { darkComponents, darkComponentsInTurns } from './components';

describe('darkComponentsInTurns', () => {
  it('labels a large image as darkComponents does, letting timers run in between', async () => {
    const width = 1200;
    const height = 900;
    const data = new Uint8Array(width * height).fill(255);
    // Blobs and strokes all over: 40 × 30 squares of 12 px, and a long rule.
    for (let by = 0; by < 30; by++) for (let bx = 0; bx < 40; bx++) for (let y = 0; y < 12; y++) data.fill(0, (by * 30 + y) * width + bx * 30, (by * 30 + y) * width + bx * 30 + 12);
    data.fill(0, 895 * width, 896 * width);
    const expected = darkComponents(data, width, height, 128, new Int32Array(width * height));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const labels = new Int32Array(width * height);
    const found = await darkComponentsInTurns(data, width, height, 128, labels);
    clearInterval(timer);
    expect(found).toEqual(expected);
    expect(found).toHaveLength(40 * 30 + 1);
    expect(ticks).toBeGreaterThan(0);
  });
});
