import { fr } from '#contract/messages';
import { Button } from './Button';
import { Card } from './Card';

/** A read that failed: its French message and a button that tries again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 border-rose-200 bg-rose-50 p-4 text-sm text-rose-800" role="alert">
      {message}
      <Button size="sm" variant="outline" onClick={onRetry}>
        {fr.common.retry}
      </Button>
    </Card>
  );
}
