// Refuser / Approuver under a pending application (delivery agents, merchants).
import { Check, X } from 'lucide-react';
import { Button } from '../../ui/Button';

type ApplicationDecisionButtonsProps = {
  texts: { refuse: string; approve: string };
  onRefuse: () => void;
  onApprove: () => void;
  approving: boolean;
  busy: boolean;
};

export function ApplicationDecisionButtons({ texts, onRefuse, onApprove, approving, busy }: ApplicationDecisionButtonsProps) {
  return (
    <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
      <Button variant="outline" className="flex-1 text-rose-700 sm:flex-none" icon={<X size={16} aria-hidden="true" />} onClick={onRefuse} disabled={busy}>
        {texts.refuse}
      </Button>
      <Button className="flex-1 sm:flex-none" icon={<Check size={16} aria-hidden="true" />} onClick={onApprove} busy={approving} disabled={busy}>
        {texts.approve}
      </Button>
    </div>
  );
}
