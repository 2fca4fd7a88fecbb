import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isStale, type PriceFreshness as Freshness } from '#contract/prices';
import { freshnessText, PriceFreshness, staleItemsNote } from './PriceFreshness';

const NOW = new Date('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const freshness = (overrides: Partial<Freshness> = {}): Freshness => ({
  observation_id: '0a8ee8dc-e42e-409d-b1d7-277dd24525b1',
  observed_at: daysAgo(3),
  contributor_count: 4,
  verified: false,
  stale: false,
  ...overrides,
});
const render = (f: Freshness) => renderToStaticMarkup(createElement(PriceFreshness, { freshness: f, now: NOW }));

describe('freshnessText', () => {
  it('says when the price was seen and by how many contributors', () => {
    expect(freshnessText(freshness(), NOW)).toBe('vu il y a 3j · 4 contributeurs');
    expect(freshnessText(freshness({ contributor_count: 1, observed_at: daysAgo(45) }), NOW)).toBe('vu il y a 45j · 1 contributeur');
    expect(freshnessText(freshness({ observed_at: NOW.toISOString() }), NOW)).toBe("vu à l'instant · 4 contributeurs");
    expect(freshnessText(freshness({ observed_at: new Date(NOW.getTime() - 5 * 3_600_000).toISOString() }), NOW)).toBe('vu il y a 5h · 4 contributeurs');
  });
});

describe('PriceFreshness', () => {
  it('marks a price older than 30 days "à confirmer", and a fresh one not', () => {
    const old = daysAgo(31);
    expect(isStale(old, NOW)).toBe(true);
    const stale = render(freshness({ observed_at: old, stale: isStale(old, NOW), contributor_count: 1 }));
    expect(stale).toContain('vu il y a 31j · 1 contributeur');
    expect(stale).toContain('à confirmer');
    expect(stale).toContain('Prix vu il y a plus de 30 jours');

    const fresh = daysAgo(29);
    expect(render(freshness({ observed_at: fresh, stale: isStale(fresh, NOW) }))).not.toContain('à confirmer');
  });

  it('shows "vérifié" only for a price a moderator approved', () => {
    expect(render(freshness({ verified: true }))).toContain('vérifié');
    expect(render(freshness())).not.toContain('vérifié');
    expect(render(freshness({ verified: true, stale: true }))).toMatch(/vérifié.*à confirmer/);
  });
});

describe('staleItemsNote', () => {
  it('tells how many bought items rest on prices to confirm, and nothing when none does', () => {
    expect(staleItemsNote(0)).toBeNull();
    expect(staleItemsNote(1)).toBe('1 article repose sur un prix à confirmer');
    expect(staleItemsNote(2)).toBe('2 articles reposent sur des prix à confirmer');
  });
});
