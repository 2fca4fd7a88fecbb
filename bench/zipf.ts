// Traffic as it comes: a few popular requests and a long tail.
import { seededRandom } from '../server/platform/random';

/**
 * `draws` picks from `items` where the item of rank k (its place in the list) comes with
 * probability ∝ 1/k (Zipf's law, s = 1): the usual shape of search and product-page popularity.
 * Seeded, so every run replays the same traffic.
 */
export function zipfDraws<T>(items: T[], draws: number, seed: number): T[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= items.length; k++) cumulative.push((total += 1 / k));
  const random = seededRandom(seed);
  return Array.from({ length: draws }, () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  });
}
