// The six gradients of the ad options (spec part 2 section 9) as Tailwind classes, shared by the
// banner, the wizard's preview and the moderators' preview.
import type { AdGradient } from '#contract/ads';

export const AD_GRADIENT_CLASSES: Record<AdGradient, string> = {
  blue: 'from-sky-600 to-blue-500',
  green: 'from-emerald-600 to-green-500',
  purple: 'from-violet-600 to-purple-500',
  orange: 'from-orange-500 to-amber-500',
  red: 'from-red-600 to-rose-500',
  pink: 'from-pink-600 to-fuchsia-400',
};
