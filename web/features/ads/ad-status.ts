// How an ad's status reads in "Mes annonces": its French label (fr.adsApi.statusLabels), its colour,
// and what the advertiser may do in it (the server's lifecycle table decides; this only hides
// buttons that would be refused).
import type { AdStatus } from '#contract/ads';
import { fr } from '#contract/messages';
import type { BadgeTone } from '../../ui/Badge';

export const AD_STATUS_TONE: Record<AdStatus, BadgeTone> = {
  draft: 'slate',
  awaiting_payment: 'amber',
  awaiting_review: 'sky',
  scheduled: 'violet',
  active: 'green',
  paused: 'amber',
  expired: 'slate',
  rejected: 'rose',
  refunded: 'slate',
};

export const adStatusLabel = (status: AdStatus) => fr.adsApi.statusLabels[status] ?? status;

export const canPause = (status: AdStatus) => status === 'active' || status === 'scheduled';
export const canResume = (status: AdStatus) => status === 'paused';
export const canEdit = (status: AdStatus) => !['rejected', 'refunded', 'expired'].includes(status);
/** A draft is an ad whose payment did not go through (or was never asked): it may be paid again. */
export const canPay = (status: AdStatus) => status === 'draft';

