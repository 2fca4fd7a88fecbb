// The dark shapes of a grey image: 8-connected pixels darker than a threshold, each with its box and
// size. The OCR preparation uses them to find what is not text (frames, page edges, check boxes).

export type Component = { label: number; x0: number; y0: number; x1: number; y1: number; count: number };

/**
 * Labels the dark components of `data` (labels 1, 2, …; 0 stays background) into `labels`, which
 * must be zeroed and width × height long, and answers their boxes in label order.
 */
export function darkComponents(data: Uint8Array, width: number, height: number, threshold: number, labels: Int32Array): Component[] {
  const components: Component[] = [];
  const stack = new Int32Array(width * height);
  let next = 0;
  for (let start = 0; start < data.length; start++) {
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
            stack[top++] = j;
          }
        }
      }
    }
    components.push(c);
  }
  return components;
}
