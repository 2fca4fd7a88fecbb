import { describe, expect, it } from 'vitest';
import { AD_STATUSES, type AdStatus } from '#contract/ads';
import { AD_TRANSITIONS, type AdActor, type AdEvent, canTransitionAd, nextAdStatus, statusesFor } from './ad-lifecycle';

const ACTORS: AdActor[] = ['advertiser', 'payment', 'moderation', 'refund', 'job'];
const EVENTS: AdEvent[] = ['submit', 'payment_confirmed', 'payment_failed', 'payment_received', 'approve', 'schedule', 'reject', 'refund', 'pause', 'resume', 'edit', 'start', 'expire'];

describe('ad transition table', () => {
  it('follows the architecture table, each move by its own actor', () => {
    const allowed: [AdStatus, AdEvent, AdActor, AdStatus][] = [
      ['draft', 'submit', 'advertiser', 'awaiting_payment'],
      ['awaiting_payment', 'payment_confirmed', 'payment', 'awaiting_review'],
      ['awaiting_payment', 'payment_failed', 'payment', 'draft'],
      ['awaiting_payment', 'payment_received', 'moderation', 'awaiting_review'],
      ['awaiting_review', 'approve', 'moderation', 'active'],
      ['awaiting_review', 'schedule', 'moderation', 'scheduled'],
      ['awaiting_review', 'reject', 'moderation', 'rejected'],
      ['rejected', 'refund', 'refund', 'refunded'],
      ['active', 'pause', 'advertiser', 'paused'],
      ['paused', 'resume', 'advertiser', 'active'],
      ['active', 'edit', 'advertiser', 'awaiting_review'],
      ['scheduled', 'edit', 'advertiser', 'awaiting_review'],
      ['paused', 'edit', 'advertiser', 'awaiting_review'],
      ['scheduled', 'start', 'job', 'active'],
      ['active', 'expire', 'job', 'expired'],
      ['paused', 'expire', 'job', 'expired'],
    ];
    for (const [from, event, by, to] of allowed) expect(nextAdStatus(from, event, by), `${from} ${event} ${by}`).toBe(to);
    expect(AD_TRANSITIONS).toHaveLength(allowed.length);
  });

  it('refuses every other (status, event, actor)', () => {
    let refused = 0;
    for (const from of AD_STATUSES) {
      for (const event of EVENTS) {
        for (const by of ACTORS) {
          const listed = AD_TRANSITIONS.some((t) => t.from === from && t.event === event && t.by === by);
          if (!listed) {
            expect(nextAdStatus(from, event, by)).toBeNull();
            refused += 1;
          }
        }
      }
    }
    expect(refused).toBe(AD_STATUSES.length * EVENTS.length * ACTORS.length - AD_TRANSITIONS.length);
  });

  it('lets nobody but the right actor move an ad: the advertiser cannot approve, pay or refund', () => {
    expect(canTransitionAd('awaiting_review', 'active', 'advertiser')).toBe(false);
    expect(canTransitionAd('awaiting_payment', 'awaiting_review', 'advertiser')).toBe(false);
    expect(canTransitionAd('rejected', 'refunded', 'moderation')).toBe(false);
    expect(canTransitionAd('active', 'expired', 'advertiser')).toBe(false);
    expect(canTransitionAd('draft', 'active', 'moderation')).toBe(false);
  });

  it('has no way out of refunded and expired', () => {
    for (const to of AD_STATUSES) {
      for (const by of ACTORS) {
        expect(canTransitionAd('refunded', to, by)).toBe(false);
        expect(canTransitionAd('expired', to, by)).toBe(false);
      }
    }
  });

  it('gives the job the statuses it starts and expires', () => {
    expect(statusesFor('start', 'job')).toEqual(['scheduled']);
    expect(statusesFor('expire', 'job').sort()).toEqual(['active', 'paused']);
  });
});
