// The connection pill (OfflineIndicator.tsx) and the outbox it reads load once the page is shown, or
// at once when the page starts offline: no page waits for them, and an offline visit still sees the
// pill straight away (its script comes from the service worker's copy).
import { lazy, Suspense } from 'react';
import { useOnline } from '../../lib/use-online';
import { useIdle } from '../../ui/use-idle';

const OfflineIndicator = lazy(async () => ({ default: (await import('./OfflineIndicator')).OfflineIndicator }));

export function OfflineIndicatorWhenIdle() {
  const idle = useIdle();
  const online = useOnline();
  if (!idle && online) return null;
  return (
    <Suspense fallback={null}>
      <OfflineIndicator />
    </Suspense>
  );
}
