import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { audiencesOf, cityOfPosition, cityOfText, type AudienceFacts } from './ad-audience';
import { CLICK_TOKEN_TTL_MS, createClickTokens } from './ad-click-token';
import { todayInGabon } from '#contract/format';
import { librevilleDay, rankByBudget, rotationSeed } from './banner.service';

const DAY = 24 * 60 * 60 * 1000;

describe('cities', () => {
  it.each([
    ['Libreville centre', { latitude: 0.39, longitude: 9.45 }, 'libreville'],
    ['Akanda', { latitude: 0.55, longitude: 9.47 }, 'libreville'],
    ['Owendo', { latitude: 0.29, longitude: 9.5 }, 'libreville'],
    ['Port-Gentil', { latitude: -0.72, longitude: 8.78 }, 'port-gentil'],
    ['Lambaréné (≈ 160 km)', { latitude: -0.7, longitude: 10.24 }, null],
    ['Franceville', { latitude: -1.63, longitude: 13.58 }, null],
  ] as const)('%s → %s', (_name, position, city) => {
    expect(cityOfPosition(position)).toBe(city);
  });

  it.each([
    ['Quartier Louis, Libreville', 'libreville'],
    ['Akanda, Angondjé', 'libreville'],
    ['Quartier Balise, Port-Gentil', 'port-gentil'],
    ['port gentil', 'port-gentil'],
    ['Gabon', null],
    ['Franceville', null],
  ] as const)('text %s → %s', (text, city) => {
    expect(cityOfText(text)).toBe(city);
  });
});

describe('audiencesOf', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  const facts = (over: Partial<AudienceFacts>): AudienceFacts => ({ createdAt: new Date(now.getTime() - 100 * DAY), deliveredOrders: 0, homeCity: null, ...over });

  it.each([
    ['an old account, no orders, no position', facts({}), null, ['all']],
    ['29 days old', facts({ createdAt: new Date(now.getTime() - 29 * DAY) }), null, ['all', 'new_users']],
    ['31 days old', facts({ createdAt: new Date(now.getTime() - 31 * DAY) }), null, ['all']],
    ['2 delivered orders', facts({ deliveredOrders: 2 }), null, ['all']],
    ['3 delivered orders', facts({ deliveredOrders: 3 }), null, ['all', 'frequent_users']],
    ['home Port-Gentil, no position', facts({ homeCity: 'port-gentil' }), null, ['all', 'port-gentil']],
    ['home Port-Gentil, now in Libreville', facts({ homeCity: 'port-gentil' }), { latitude: 0.39, longitude: 9.45 }, ['all', 'libreville']],
    ['home Libreville, position far from both', facts({ homeCity: 'libreville' }), { latitude: -1.63, longitude: 13.58 }, ['all', 'libreville']],
    ['no home, position far from both', facts({}), { latitude: -1.63, longitude: 13.58 }, ['all']],
  ] as const)('%s', (_name, f, position, expected) => {
    expect([...audiencesOf(f, now, position)].sort()).toEqual([...expected].sort());
  });
});

describe('rankByBudget', () => {
  const ad = (id: string, budget: number) => ({ id, budget, hash: rotationSeed(id, new Date(0)) });

  it('puts the bigger budget first about as often as its share of the budgets', () => {
    const big = ad('big', 150_000);
    const small = ad('small', 10_000);
    let bigFirst = 0;
    const runs = 4000;
    for (let s = 0; s < runs; s++) if (rankByBudget([small, big], rotationSeed(`user-${s}`, new Date(0)), 5)[0] === big) bigFirst += 1;
    // Exact probability 150/160 = 0.9375.
    expect(bigFirst / runs).toBeGreaterThan(0.91);
    expect(bigFirst / runs).toBeLessThan(0.96);
  });

  it('orders many ads by budget on average and never answers more than the limit', () => {
    const ads = [10_000, 25_000, 50_000, 90_000, 150_000].flatMap((b, i) => [ad(`a${i}`, b), ad(`b${i}`, b)]);
    const meanRank = new Map<string, number>();
    for (let s = 0; s < 2000; s++) {
      const ranked = rankByBudget(ads, rotationSeed(`u${s}`, new Date(s * 3_600_000)), ads.length);
      ranked.forEach((a, i) => meanRank.set(a.id, (meanRank.get(a.id) ?? 0) + i / 2000));
    }
    expect(rankByBudget(ads, 7, 5)).toHaveLength(5);
    for (let i = 0; i < 4; i++) expect(meanRank.get(`a${i}`)!).toBeGreaterThan(meanRank.get(`a${i + 1}`)!);
  });

  it('keeps the same best ones as a full sort by key', () => {
    const ads = Array.from({ length: 60 }, (_, i) => ad(`x${i}`, [10_000, 25_000, 50_000, 90_000, 150_000][i % 5]));
    for (let s = 0; s < 200; s++) {
      const full = rankByBudget(ads, s, ads.length);
      expect(full).toHaveLength(60);
      for (const limit of [1, 5, 7]) expect(rankByBudget(ads, s, limit)).toEqual(full.slice(0, limit));
    }
    expect(rankByBudget(ads, 1, 0)).toEqual([]);
    expect(rankByBudget([], 1, 5)).toEqual([]);
  });

  it('keeps one order for a user within the hour and changes it with the hour or the user', () => {
    const ads = Array.from({ length: 20 }, (_, i) => ad(`ad${i}`, 50_000));
    const at = (iso: string, user = 'u1') => rankByBudget(ads, rotationSeed(user, new Date(iso)), 5).map((a) => a.id);
    expect(at('2026-03-10T10:05:00Z')).toEqual(at('2026-03-10T10:55:00Z'));
    expect(at('2026-03-10T10:05:00Z')).not.toEqual(at('2026-03-10T11:05:00Z'));
    expect(at('2026-03-10T10:05:00Z')).not.toEqual(at('2026-03-10T10:05:00Z', 'u2'));
  });
});

describe('librevilleDay', () => {
  it('is the date in Libreville, as todayInGabon says, around midnight too', () => {
    for (const iso of ['2026-03-09T22:59:59Z', '2026-03-09T23:00:00Z', '2026-03-10T00:30:00Z', '2026-06-30T23:15:00Z', '2026-12-31T23:00:00Z']) {
      expect(librevilleDay(new Date(iso)), iso).toBe(todayInGabon(new Date(iso)));
    }
  });
});

describe('click tokens', () => {
  const tokens = createClickTokens(new TextEncoder().encode('x'.repeat(48)));
  const now = new Date('2026-03-10T10:00:00Z');
  const userId = randomUUID();

  it('names the user for a day, and reveals nothing', () => {
    const t = tokens.seal(userId, now);
    expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(t.length).toBeLessThanOrEqual(64);
    expect(Buffer.from(t, 'base64url').toString('hex')).not.toContain(userId.replace(/-/g, ''));
    expect(tokens.open(t, now)).toBe(userId);
    expect(tokens.open(t, new Date(now.getTime() + CLICK_TOKEN_TTL_MS - 60_000))).toBe(userId);
    expect(tokens.open(t, new Date(now.getTime() + CLICK_TOKEN_TTL_MS + 60_000))).toBeNull();
  });

  it('hands the same token to a user for a few minutes, then a fresh one', () => {
    const t = tokens.seal(userId, now);
    expect(tokens.seal(userId, new Date(now.getTime() + 5 * 60_000))).toBe(t);
    expect(tokens.seal(randomUUID(), now)).not.toBe(t);
    const later = tokens.seal(userId, new Date(now.getTime() + 11 * 60_000));
    expect(later).not.toBe(t);
    expect(tokens.open(later, new Date(now.getTime() + 11 * 60_000 + CLICK_TOKEN_TTL_MS - 60_000))).toBe(userId);
  });

  it('refuses a changed byte, another key and garbage', () => {
    const t = tokens.seal(userId, now);
    const bytes = Buffer.from(t, 'base64url');
    bytes[20] ^= 1;
    expect(tokens.open(bytes.toString('base64url'), now)).toBeNull();
    expect(createClickTokens(new TextEncoder().encode('y'.repeat(48))).open(t, now)).toBeNull();
    expect(tokens.open('abc', now)).toBeNull();
    expect(tokens.open(undefined, now)).toBeNull();
  });
});
