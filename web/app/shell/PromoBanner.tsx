// Full-width promotional carousel (spec part 1 section 2): slides 128 px high, a new slide every 4 s
// with a 300 ms fade, dot buttons, and back to the first slide each time it becomes visible again.
// The dots and the « Annonce » label sit in a row below the slide, never over an ad's image. Its
// slides come from GET /api/ads/banner — the ads that fit the user, then MonPanier's own messages —
// and nothing is shown when they cannot be read. An ad slide counts an impression when it is
// actually on screen (once per page load) and leads through its tracked link; a house slide leads
// to the page it talks about. The rotation holds while the pointer or the keyboard focus is on the
// banner, so that a slide can be read and clicked (WCAG 2.2.2).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BannerSlide } from '#contract/ads-banner';
import { PROMO } from '#contract/constants';
import { fr } from '#contract/messages';
import { bannerQuery, reportImpression } from '../../lib/banner-ads';
import { AdSlide } from '../../ui/AdSlide';

const NO_SLIDES: BannerSlide[] = [];
/** The row under the slide: its dots and, for a paid slide, the « Annonce » label. */
const CONTROLS_PX = 28;

export function PromoBanner({ visible }: { visible: boolean }) {
  const { data, isPending } = useQuery({ ...bannerQuery, enabled: visible });
  const slides = data ?? NO_SLIDES;
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [held, setHeld] = useState(false);
  const [pageShown, setPageShown] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const box = useRef<HTMLElement>(null);

  // Each time the banner (or the page) becomes visible, start again from the first slide.
  useEffect(() => {
    if (!visible) return;
    setIndex(0);
    setHeld(false);
    const onVisibility = () => {
      const shown = document.visibilityState === 'visible';
      setPageShown(shown);
      if (shown) setIndex(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [visible]);

  // A new slide every rotationMs exactly: the fade out takes the last fadeMs of the slide's time.
  useEffect(() => {
    if (!visible || held || slides.length < 2) return;
    const fadeTimer = setTimeout(() => setFading(true), PROMO.rotationMs - PROMO.fadeMs);
    const nextTimer = setTimeout(() => {
      setIndex((i) => (i + 1) % slides.length);
      setFading(false);
    }, PROMO.rotationMs);
    return () => {
      clearTimeout(fadeTimer);
      clearTimeout(nextTimer);
      setFading(false);
    };
  }, [visible, held, slides.length, index]);

  // "Actually shown": at least half of the banner inside the viewport.
  const hasSlides = slides.length > 0;
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setOnScreen(true);
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting), { threshold: 0.5 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, hasSlides]);

  const slide = hasSlides ? slides[Math.min(index, slides.length - 1)] : null;
  useEffect(() => {
    if (visible && onScreen && pageShown && slide?.kind === 'ad') reportImpression(slide.id);
  }, [visible, onScreen, pageShown, slide]);

  if (!visible) return null;
  if (isPending) return <div className="w-full animate-pulse rounded-2xl bg-slate-200" style={{ height: PROMO.heightPx + CONTROLS_PX }} aria-hidden="true" />;
  if (!slide) return null;

  const drawn = (
    <AdSlide
      slide={
        slide.kind === 'ad'
          ? { title: slide.title, subtitle: slide.subtitle, type: slide.type, gradient: slide.gradient, textColor: slide.text_color, showText: slide.show_text, mediaUrl: slide.media_url, mediaMime: slide.media_mime }
          : { title: slide.title, subtitle: slide.subtitle, type: 'text', gradient: slide.gradient, textColor: 'white', mediaUrl: null }
      }
    />
  );

  return (
    <section
      ref={box}
      aria-roledescription="carrousel"
      aria-label={fr.promo.label}
      className="w-full"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setHeld(false)}
    >
      <div className="overflow-hidden rounded-2xl bg-slate-200 shadow-sm" style={{ height: PROMO.heightPx }} data-testid="promo-slide">
        <div
          className="h-full transition-opacity ease-in-out"
          style={{ opacity: fading ? 0 : 1, transitionDuration: `${PROMO.fadeMs}ms` }}
          aria-live="polite"
          data-slide-id={slide.id}
          data-slide-kind={slide.kind}
        >
          {slide.kind === 'ad' ? (
            <a href={slide.click_url} className="block h-full" aria-label={`${fr.banner.sponsored} : ${slide.title}`}>
              {drawn}
            </a>
          ) : slide.link ? (
            <Link to={slide.link} className="block h-full" aria-label={slide.title}>
              {drawn}
            </Link>
          ) : (
            drawn
          )}
        </div>
      </div>
      <div className="relative flex items-center justify-center gap-1.5" style={{ height: CONTROLS_PX }} data-testid="promo-controls">
        {slide.kind === 'ad' && (
          <span className="absolute left-1 top-1/2 -translate-y-1/2 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{fr.banner.sponsored}</span>
        )}
        {slides.length > 1 &&
          slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={fr.promo.goTo(i + 1)}
              aria-current={i === index ? 'true' : undefined}
              className="flex size-6 items-center justify-center"
            >
              <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-brand-700' : 'w-2 bg-slate-300 hover:bg-slate-400'}`} />
            </button>
          ))}
      </div>
    </section>
  );
}
