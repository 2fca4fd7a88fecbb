// One slide of the promo banner as it is drawn everywhere (banner, wizard preview, moderators'
// preview): a gradient with title and subtitle, or the ad's image or muted looping video. The media
// is shown whole (object-contain: a poster is never cropped, whatever its shape and the width) on
// the ad's own gradient; its text is drawn over it only when the merchant asked for it
// (« Texte sur l'image »), else the title stays the slide's accessible name only.
import type { AdGradient, AdType } from '#contract/ads';
import { AD_GRADIENT_CLASSES } from './ad-gradients';

export type AdSlideContent = {
  title: string;
  subtitle: string;
  type: AdType;
  gradient: AdGradient;
  textColor: 'white' | 'dark';
  /** Title and subtitle over the media (always for a text slide); default true. */
  showText?: boolean;
  mediaUrl: string | null;
  mediaMime?: string | null;
  /** A small label in the corner ('Annonce') for paid slides. */
  badge?: string;
};

export function AdSlide({ slide, className = '' }: { slide: AdSlideContent; className?: string }) {
  const dark = slide.textColor === 'dark';
  const isVideo = slide.type === 'video' || slide.mediaMime?.startsWith('video/');
  const media = slide.type !== 'text' && slide.mediaUrl;
  const text = !media || slide.showText !== false;
  return (
    <div className={`relative h-full w-full overflow-hidden bg-gradient-to-r ${AD_GRADIENT_CLASSES[slide.gradient]} ${dark ? 'text-slate-900' : 'text-white'} ${className}`}>
      {media &&
        (isVideo ? (
          <video src={slide.mediaUrl ?? undefined} className="absolute inset-0 size-full object-contain" muted autoPlay loop playsInline aria-hidden="true" data-testid="ad-slide-media" />
        ) : (
          <img src={slide.mediaUrl ?? undefined} alt={text ? '' : slide.title} className="absolute inset-0 size-full object-contain" data-testid="ad-slide-media" />
        ))}
      {media && text && (
        <div className={`absolute inset-0 ${dark ? 'bg-gradient-to-r from-white/85 via-white/55 to-transparent' : 'bg-gradient-to-r from-black/60 via-black/35 to-transparent'}`} aria-hidden="true" />
      )}
      {text ? (
        <div className="relative flex h-full min-w-0 flex-col justify-center px-6 pb-2 sm:px-10">
          <p className={`line-clamp-2 break-words text-lg font-bold leading-tight sm:text-2xl ${slide.badge ? 'pr-16 sm:pr-20' : ''}`}>{slide.title}</p>
          {slide.subtitle && <p className={`line-clamp-2 break-words text-sm sm:text-base ${dark ? 'text-slate-800' : 'text-white/90'}`}>{slide.subtitle}</p>}
        </div>
      ) : (
        <span className="sr-only">{slide.title}</span>
      )}
      {slide.badge && (
        <span className={`absolute right-3 top-2 rounded-full px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide ${dark ? 'bg-white/70 text-slate-700' : 'bg-black/25 text-white'}`}>
          {slide.badge}
        </span>
      )}
    </div>
  );
}
