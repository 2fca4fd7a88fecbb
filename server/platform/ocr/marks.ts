// Blanks the checkboxes and round bullets drawn at the start of list lines (☐ ☑ □ ○ ◯). Tesseract
// has no such glyphs: it reads them as letters or digits ("oO", "do", "O1", "©") glued to the line
// ("☐ 6 rouleaux" → "26 rouleaux"). A shape is blanked only when it cannot be a letter: a square
// outline (ink along its four sides), or a ring alone at the start of a line with a gap after it.

import { darkComponents, darkComponentsInTurns, type Component } from './components';

type Grey = { data: Uint8Array; width: number; height: number };

// A mark is about as tall as the text beside it.
const MIN_HEIGHT_SHARE = 0.6;
const MAX_HEIGHT_SHARE = 2.6;
// Share of each side of a square's box that its outline covers.
const SIDE_COVERAGE = 0.8;
// Share of the points of the inscribed ellipse a ring covers.
const RING_COVERAGE = 0.9;
// Space between a ring and the text after it, relative to its height (letters touch their word).
const RING_GAP = 0.3;


/** Returns a copy of the image with the line-start marks painted white, or the image itself. */
export function blankLineMarks(grey: Grey, inkThreshold = 128): Grey {
  const labels = new Int32Array(grey.width * grey.height);
  return blankMarks(grey, darkComponents(grey.data, grey.width, grey.height, inkThreshold, labels), labels);
}

/** blankLineMarks, giving the event loop a turn while the image's shapes are labelled (components.ts). */
export async function blankLineMarksInTurns(grey: Grey, inkThreshold = 128): Promise<Grey> {
  const labels = new Int32Array(grey.width * grey.height);
  return blankMarks(grey, await darkComponentsInTurns(grey.data, grey.width, grey.height, inkThreshold, labels), labels);
}

function blankMarks(grey: Grey, components: Component[], labels: Int32Array): Grey {
  const { width, height, data } = grey;
  const textHeight = medianTextHeight(components);
  if (textHeight === null) return grey;
  const minInk = Math.max(8, Math.round(0.02 * textHeight * textHeight));
  const counts = new Int32Array(components.length + 1);
  for (const c of components) counts[c.label] = c.count;
  const isInk = (i: number) => labels[i] !== 0 && counts[labels[i]] >= minInk;

  const marks: Component[] = [];
  for (const c of components) {
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    if (h < textHeight * MIN_HEIGHT_SHARE || h > textHeight * MAX_HEIGHT_SHARE) continue;
    if (w < h * 0.7 || w > h * 1.4) continue;
    const square = isSquareOutline(c, labels, width);
    if (!square && !isRing(c, labels, width)) continue;
    // The first thing on its line, with text after it.
    const rowFrom = Math.round(c.y0 + h * 0.25);
    const rowTo = Math.round(c.y1 - h * 0.25);
    if (inkBetween(isInk, width, rowFrom, rowTo, 0, c.x0 - 1) !== null) continue;
    const next = inkBetween(isInk, width, rowFrom, rowTo, c.x1 + 1, Math.min(width - 1, c.x1 + Math.round(h * 6)));
    if (next === null) continue;
    if (!square && next - c.x1 < h * RING_GAP) continue;
    marks.push(c);
  }
  if (marks.length === 0) return grey;

  const out = new Uint8Array(data);
  for (const mark of marks) {
    // The mark and whatever lies inside it (the tick of ☑), with a pixel of margin for anti-aliasing.
    const x0 = Math.max(0, mark.x0 - 2), x1 = Math.min(width - 1, mark.x1 + 2);
    const y0 = Math.max(0, mark.y0 - 2), y1 = Math.min(height - 1, mark.y1 + 2);
    for (let y = y0; y <= y1; y++) out.fill(255, y * width + x0, y * width + x1 + 1);
  }
  return { data: out, width, height };
}

/** Median height of the shapes that look like characters (not specks, not rules). */
function medianTextHeight(components: Component[]): number | null {
  const heights = components
    .filter((c) => c.count >= 12 && c.y1 - c.y0 >= 5 && c.x1 - c.x0 < (c.y1 - c.y0 + 1) * 3)
    .map((c) => c.y1 - c.y0 + 1)
    .sort((a, b) => a - b);
  return heights.length < 5 ? null : heights[Math.floor(heights.length / 2)];
}

/** Ink of this component along all four sides of its box: □ ☐ ☑, never a letter. */
function isSquareOutline(c: Component, labels: Int32Array, width: number): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.15));
  const has = (x: number, y: number) => labels[y * width + x] === c.label;
  const side = (length: number, at: (along: number, across: number) => boolean) => {
    let covered = 0;
    for (let along = 0; along < length; along++) {
      for (let across = 0; across < band; across++) {
        if (at(along, across)) {
          covered++;
          break;
        }
      }
    }
    return covered / length >= SIDE_COVERAGE;
  };
  // Inside, a box is mostly empty (a filled block is a bullet too, but a blot may be a letter).
  return (
    side(w, (a, b) => has(c.x0 + a, c.y0 + b)) &&
    side(w, (a, b) => has(c.x0 + a, c.y1 - b)) &&
    side(h, (a, b) => has(c.x0 + b, c.y0 + a)) &&
    side(h, (a, b) => has(c.x1 - b, c.y0 + a)) &&
    c.count < w * h * 0.7
  );
}

/** A closed ring, round and empty inside: ○ ◯ (and the letter O, hence the gap rule). */
function isRing(c: Component, labels: Int32Array, width: number): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  if (w < h * 0.85 || w > h * 1.18) return false;
  // Empty middle.
  let inside = 0;
  let total = 0;
  for (let y = Math.round(c.y0 + h * 0.35); y <= Math.round(c.y1 - h * 0.35); y++) {
    for (let x = Math.round(c.x0 + w * 0.35); x <= Math.round(c.x1 - w * 0.35); x++) {
      total++;
      if (labels[y * width + x] !== 0) inside++;
    }
  }
  if (total === 0 || inside > total * 0.05) return false;
  // Ink all the way round the inscribed ellipse.
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  const reach = Math.max(2, Math.round(Math.min(w, h) * 0.12));
  let hits = 0;
  const samples = 36;
  for (let k = 0; k < samples; k++) {
    const t = (2 * Math.PI * k) / samples;
    const px = Math.round(cx + (w / 2 - reach / 2) * Math.cos(t));
    const py = Math.round(cy + (h / 2 - reach / 2) * Math.sin(t));
    let hit = false;
    for (let dy = -reach; dy <= reach && !hit; dy++) {
      for (let dx = -reach; dx <= reach && !hit; dx++) {
        const x = px + dx;
        const y = py + dy;
        if (x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1 && labels[y * width + x] === c.label) hit = true;
      }
    }
    if (hit) hits++;
  }
  return hits / samples >= RING_COVERAGE;
}

/** The first column between `from` and `to` (inclusive) holding ink in the given rows, or null. */
function inkBetween(isInk: (i: number) => boolean, width: number, rowFrom: number, rowTo: number, from: number, to: number): number | null {
  for (let x = from; x <= to; x++) {
    for (let y = rowFrom; y <= rowTo; y++) if (isInk(y * width + x)) return x;
  }
  return null;
}
