// The floating 'Une annonce à passer? Lance-toi!' button of signed-in consumer pages, which opens the
// ad manager (spec part 2 section 2). The wizard's code is only downloaded when it is first opened.
import { Megaphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { fr } from '#contract/messages';

const AdWizard = lazy(async () => ({ default: (await import('./AdWizard')).AdWizard }));

export function AdFloatingButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className="mp-ad-pulse fixed bottom-4 right-4 z-30 inline-flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full bg-brand-700 py-2.5 pl-3 pr-4 text-left text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-offset-4 sm:bottom-6 sm:right-6 sm:py-3 sm:text-base"
      >
        <Megaphone size={20} className="shrink-0" aria-hidden="true" />
        <span>{fr.nav.adFab}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AdWizard open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
