// Where an application reviewed by a moderator stands (a delivery agent's, a merchant's): waiting,
// or refused with the moderator's reason. The caller gives the texts and what follows (a store, a
// way to apply again).
import { Hourglass, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './Card';

type ApplicationStateProps = {
  refused: boolean;
  title: string;
  text: string;
  /** The moderator's reason, as the applicant reads it (« Motif : … »). */
  reason?: string | null;
  /** « Candidature envoyée le … ». */
  sentOn: string;
  children?: ReactNode;
  'data-testid'?: string;
};

export function ApplicationState({ refused, title, text, reason, sentOn, children, 'data-testid': testId }: ApplicationStateProps) {
  return (
    <Card
      className={`flex flex-col items-center gap-3 px-6 py-10 text-center ${refused ? 'border-rose-200' : 'border-amber-200'}`}
      role="status"
      data-testid={testId}
    >
      <span className={`rounded-full p-3 ${refused ? 'bg-rose-50 text-rose-700' : 'bg-amber-50 text-amber-700'}`}>
        {refused ? <XCircle size={28} aria-hidden="true" /> : <Hourglass size={28} aria-hidden="true" />}
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      {reason && <p className="max-w-md rounded-xl bg-rose-50 px-4 py-2 text-sm font-medium text-rose-800">{reason}</p>}
      {children}
      <p className="text-xs text-slate-500">{sentOn}</p>
    </Card>
  );
}
