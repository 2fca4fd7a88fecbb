// The dark shapes of a grey image: 8-connected pixels darker than a threshold, each with its box and
// size. The OCR preparation uses them to find what is not text (frames, page edges, check boxes).

export type Component = { label: number; x0: number; y0: number; x1: number; y1: number; count: number };

/**
 * Labels the dark components of `data` (labels 1, 2, …; 0 stays background) into `labels`, which
 * must be zeroed and width × height long, and answers their boxes in label order.
 */
export function darkComponents(data: Uint8Array, width: number, height: number, threshold: number, labels: Int32Array): Component[] {
  const labelling = labeller(data, width, height, threshold, labels);
  labelling.run(() => false);
  return labelling.components;
}

// Longest the labelling holds the event loop at a time: a full photo takes 100–300 ms, and the
// API answers in between (issue 29, item 5).
const TURN_MS = 2;

/** darkComponents, giving the event loop a turn every few milliseconds. */
export async function darkComponentsInTurns(data: Uint8Array, width: number, height: number, threshold: number, labels: Int32Array): Promise<Component[]> {
  const labelling = labeller(data, width, height, threshold, labels);
  let since = performance.now();
  while (!labelling.run(() => performance.now() - since > TURN_MS)) {
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  }
  return labelling.components;
}

/** A labelling that can stop between components (when `stop` says so every 4 096 pixels) and go on. */
function labeller(data: Uint8Array, width: number, height: number, threshold: number, labels: Int32Array) {
  const components: Component[] = [];
  // Grown as needed: a full-size stack (4 bytes a pixel) for each labelling was most of the
  // memory a photo's preparation churned through, and its collections paused the event loop.
  let stack = new Int32Array(Math.min(width * height, 1 << 16));
  let next = 0;
  let start = 0;
  /** Labels on from where it stopped; true when the whole image is done. */
  const run = (stop: () => boolean): boolean => {
    for (; start < data.length; start++) {
      if ((start & 4095) === 0 && start > 0 && stop()) return false;
      if (labels[start] !== 0 || data[start] >= threshold) continue;
      const c: Component = { label: ++next, x0: width, y0: height, x1: 0, y1: 0, count: 0 };
      let top = 0;
      stack[top++] = start;
      labels[start] = c.label;
      while (top > 0) {
        const i = stack[--top];
        const x = i % width;
        const y = (i - x) / width;
        c.count++;
        if (x < c.x0) c.x0 = x;
        if (x > c.x1) c.x1 = x;
        if (y < c.y0) c.y0 = y;
        if (y > c.y1) c.y1 = y;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = y + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            if (nx < 0 || nx >= width) continue;
            const j = ny * width + nx;
            if (labels[j] === 0 && data[j] < threshold) {
              labels[j] = c.label;
              if (top === stack.length) {
                const grown = new Int32Array(stack.length * 2);
                grown.set(stack);
                stack = grown;
              }
              stack[top++] = j;
            }
          }
        }
      }
      components.push(c);
    }
    return true;
  };
  return { components, run };
}
