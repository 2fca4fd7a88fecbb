// Full-width promotional carousel (spec part 1 section 2): 128 px high, rotates every 4 s with a
// 300 ms fade, dot buttons, and back to the first slide each time it becomes visible again.
import { useEffect, useState } from 'react';
import { PROMO } from '#contract/constants';
import { fr } from '#contract/messages';

export type PromoSlide = { id: string; title: string; subtitle: string; gradient: string };

export function PromoBanner({ visible, slides = fr.promo.slides as readonly PromoSlide[] }: { visible: boolean; slides?: readonly PromoSlide[] }) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);

  // Each time the banner (or the page) becomes visible, start again from the first slide.
  useEffect(() => {
    if (!visible) return;
    setIndex(0);
    const onVisibility = () => document.visibilityState === 'visible' && setIndex(0);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [visible]);

  useEffect(() => {
    if (!visible || slides.length < 2) return;
    let fadeTimer: ReturnType<typeof setTimeout>;
    const timer = setInterval(() => {
      setFading(true);
      fadeTimer = setTimeout(() => {
        setIndex((i) => (i + 1) % slides.length);
        setFading(false);
      }, PROMO.fadeMs);
    }, PROMO.rotationMs);
    return () => {
      clearInterval(timer);
      clearTimeout(fadeTimer);
    };
  }, [visible, slides.length, index]);

  if (!visible || slides.length === 0) return null;
  const slide = slides[Math.min(index, slides.length - 1)];

  return (
    <section aria-roledescription="carrousel" aria-label={fr.promo.label} className={`relative w-full overflow-hidden rounded-2xl bg-gradient-to-r ${slide.gradient} text-white shadow-sm`} style={{ height: PROMO.heightPx }}>
      <div
        className="flex h-full flex-col justify-center px-6 pb-5 transition-opacity ease-in-out sm:px-10"
        style={{ opacity: fading ? 0 : 1, transitionDuration: `${PROMO.fadeMs}ms` }}
        aria-live="polite"
        data-slide-id={slide.id}
      >
        <p className="text-lg font-bold sm:text-2xl">{slide.title}</p>
        <p className="text-sm text-white/90 sm:text-base">{slide.subtitle}</p>
      </div>
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={fr.promo.goTo(i + 1)}
            aria-current={i === index ? 'true' : undefined}
            className="flex size-6 items-center justify-center"
          >
            <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-white' : 'w-2 bg-white/50 hover:bg-white/80'}`} />
          </button>
        ))}
      </div>
    </section>
  );
}
