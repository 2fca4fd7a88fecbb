// One delivery agent's application: who applied (name, contact, country, when) and the decision.
// Pending: accept, or refuse with a reason the applicant will read. Accepted: suspend (its orders in
// progress go back to the pool). Every account links to its profile.
import { ChevronRight, Mail, Phone, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { AgentApplication } from '#contract/moderation';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { moderationCalls } from './admin-api';
import { ReasonDialog } from './ReasonDialog';
import { useModerationAction } from './use-moderation-action';
import { ApplicationDecisionButtons } from './ApplicationDecisionButtons';

const texts = fr.agentVetting.admin;
const TONE: Record<AgentApplication['status'], BadgeTone> = { pending: 'amber', approved: 'green', refused: 'rose' };

export function AgentApplicationCard({ application: a }: { application: AgentApplication }) {
  const [dialog, setDialog] = useState<'refuse' | 'suspend' | null>(null);
  const close = () => setDialog(null);
  const approve = useModerationAction(() => moderationCalls.approveAgent(a.id));
  const refuse = useModerationAction((reason: string) => moderationCalls.refuseAgent(a.id, reason), close);
  const suspend = useModerationAction((reason: string) => moderationCalls.suspend(a.id, reason), close);
  const busy = approve.isPending || refuse.isPending || suspend.isPending;

  return (
    <Card className="overflow-hidden" role="article" aria-label={texts.cardLabel(a.full_name)} data-testid="agent-application-card">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug text-slate-900">{a.full_name}</h3>
          <p className="text-sm text-slate-600">{texts.registeredOn(formatDateTime(a.registered_at))}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={TONE[a.status]}>{texts.status[a.status]}</Badge>
          {a.suspended_at && <Badge tone="rose">{texts.suspended}</Badge>}
        </div>
      </header>
      <dl className="grid gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.email}</dt>
          <dd className="flex items-center gap-1.5 break-all text-slate-800">
            <Mail size={14} className="shrink-0 text-slate-400" aria-hidden="true" />
            {a.email}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.phone}</dt>
          <dd className="flex items-center gap-1.5 text-slate-800">
            <Phone size={14} className="shrink-0 text-slate-400" aria-hidden="true" />
            {a.phone}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.country}</dt>
          <dd className="text-slate-800">{a.country_region}</dd>
        </div>
        {a.reviewed_at && (
          <div className="sm:col-span-3">
            <dd className="text-slate-600">
              {texts.reviewedOn(formatDateTime(a.reviewed_at))}
              {a.reason && <> — {fr.adminUi.auditReason(a.reason)}</>}
            </dd>
          </div>
        )}
      </dl>
      <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        <Link to={`/admin/users/${a.id}`} className="inline-flex items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline">
          {fr.adminUi.seeProfile}
          <ChevronRight size={15} aria-hidden="true" />
        </Link>
        {a.status === 'pending' && (
          <ApplicationDecisionButtons texts={texts} onRefuse={() => setDialog('refuse')} onApprove={() => approve.mutate(undefined)} approving={approve.isPending} busy={busy} />
        )}
        {a.status === 'approved' && !a.suspended_at && (
          <Button variant="outline" className="ml-auto text-rose-700" icon={<ShieldOff size={16} aria-hidden="true" />} onClick={() => setDialog('suspend')} disabled={busy}>
            {texts.suspend}
          </Button>
        )}
      </footer>
      <ReasonDialog
        open={dialog === 'refuse'}
        title={texts.refuseTitle}
        description={texts.refuseDescription(a.full_name)}
        confirmLabel={texts.confirmRefuse}
        busy={refuse.isPending}
        onConfirm={(reason) => refuse.mutate(reason)}
        onCancel={close}
      />
      <ReasonDialog
        open={dialog === 'suspend'}
        title={texts.suspendTitle}
        description={texts.suspendDescription(a.full_name)}
        confirmLabel={fr.adminUi.confirmSuspend}
        busy={suspend.isPending}
        onConfirm={(reason) => suspend.mutate(reason)}
        onCancel={close}
      />
    </Card>
  );
}
