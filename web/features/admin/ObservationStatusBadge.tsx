import { fr } from '#contract/messages';
import type { StoreHistoryPoint } from '#contract/moderation';
import { Badge, type BadgeTone } from '../../ui/Badge';

const LOOK: Record<StoreHistoryPoint['status'], { tone: BadgeTone; label: string }> = {
  accepted: { tone: 'green', label: fr.adminUi.statusAccepted },
  held: { tone: 'amber', label: fr.adminUi.statusHeld },
  rejected: { tone: 'rose', label: fr.adminUi.statusRejected },
};

/** Publié, Retenu or Refusé. */
export function ObservationStatusBadge({ status }: { status: StoreHistoryPoint['status'] }) {
  const { tone, label } = LOOK[status];
  return <Badge tone={tone}>{label}</Badge>;
}
