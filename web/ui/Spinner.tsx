import { LoaderCircle } from 'lucide-react';
import { fr } from '#contract/messages';

export function Spinner({ size = 20, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle size={size} className={`animate-spin ${className}`} aria-hidden="true" />;
}

export function PageLoader({ label = fr.common.loading }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-500" role="status">
      <Spinner size={32} className="text-brand-700" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
