// The ad state machine (ARCHITECTURE.md "Ads lifecycle"): the only place that says which status
// may follow which, on which event, and who may move it. Every endpoint and job that changes an
// ad's status goes through transitionAd (ads.service.ts).
import type { AdStatus } from '#contract/ads';

/** Who moves an ad: its advertiser, the payment operator, a moderator, the refund, the expiry job. */
export type AdActor = 'advertiser' | 'payment' | 'moderation' | 'refund' | 'job';

export type AdEvent =
  | 'submit'
  | 'payment_confirmed'
  | 'payment_failed'
  | 'payment_received'
  | 'approve'
  | 'schedule'
  | 'reject'
  | 'refund'
  | 'pause'
  | 'resume'
  | 'edit'
  | 'start'
  | 'expire';

export type AdTransition = { event: AdEvent; from: AdStatus; to: AdStatus; by: AdActor };

export const AD_TRANSITIONS: readonly AdTransition[] = [
  // The advertiser submits the wizard's payment step.
  { event: 'submit', from: 'draft', to: 'awaiting_payment', by: 'advertiser' },
  // Mobile money or card: the operator confirms; a failed payment leaves a draft to pay again.
  { event: 'payment_confirmed', from: 'awaiting_payment', to: 'awaiting_review', by: 'payment' },
  { event: 'payment_failed', from: 'awaiting_payment', to: 'draft', by: 'payment' },
  // Bank transfer: a moderator marks the money received.
  { event: 'payment_received', from: 'awaiting_payment', to: 'awaiting_review', by: 'moderation' },
  // A moderator approves (shown now, or from a later date) or rejects with a reason.
  { event: 'approve', from: 'awaiting_review', to: 'active', by: 'moderation' },
  { event: 'schedule', from: 'awaiting_review', to: 'scheduled', by: 'moderation' },
  { event: 'reject', from: 'awaiting_review', to: 'rejected', by: 'moderation' },
  // A rejected ad's money goes back through the operator that took it.
  { event: 'refund', from: 'rejected', to: 'refunded', by: 'refund' },
  // The advertiser pauses and resumes a running ad (its paid window keeps running).
  { event: 'pause', from: 'active', to: 'paused', by: 'advertiser' },
  { event: 'resume', from: 'paused', to: 'active', by: 'advertiser' },
  // An edit more than 2 hours after creation sends an approved ad back to review.
  { event: 'edit', from: 'scheduled', to: 'awaiting_review', by: 'advertiser' },
  { event: 'edit', from: 'active', to: 'awaiting_review', by: 'advertiser' },
  { event: 'edit', from: 'paused', to: 'awaiting_review', by: 'advertiser' },
  // The expiry job starts scheduled ads and ends those whose window is over.
  { event: 'start', from: 'scheduled', to: 'active', by: 'job' },
  { event: 'expire', from: 'active', to: 'expired', by: 'job' },
  { event: 'expire', from: 'paused', to: 'expired', by: 'job' },
];

/** The status an event leads to from `from` for this actor, or null when the table forbids it. */
export function nextAdStatus(from: AdStatus, event: AdEvent, by: AdActor): AdStatus | null {
  return AD_TRANSITIONS.find((t) => t.from === from && t.event === event && t.by === by)?.to ?? null;
}

export function canTransitionAd(from: AdStatus, to: AdStatus, by: AdActor): boolean {
  return AD_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** The statuses an event may start from (the job's bulk queries). */
export function statusesFor(event: AdEvent, by: AdActor): AdStatus[] {
  return AD_TRANSITIONS.filter((t) => t.event === event && t.by === by).map((t) => t.from);
}

/** Statuses in which the advertiser may no longer edit the ad. */
export const AD_FINAL_STATUSES: readonly AdStatus[] = ['rejected', 'refunded', 'expired'];

/** Statuses of an ad a moderator approved: any change of its text or media goes back to review. */
export const AD_APPROVED_STATUSES: readonly AdStatus[] = ['scheduled', 'active', 'paused'];

/** Statuses reached once paid: a later edit (after the free window) goes back to review. */
export const AD_PAID_STATUSES: readonly AdStatus[] = ['awaiting_review', 'scheduled', 'active', 'paused'];
