// Text folded for comparing words, the same on the server and in the browser: no case, no
// accents, œ and æ spelt out (« Œufs » is « oeufs »). Callers add what else they need (spacing,
// punctuation, elisions).
export function foldLetters(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}
