// A product's picture: its photo, or, when it has none or the photo does not load, the drawing of
// its category, named by the category (what a screen reader says instead of a broken image).
import { useEffect, useState } from 'react';
import { illustrationOf } from './category-illustrations';

type ProductImageProps = {
  src?: string | null;
  category: string | null | undefined;
  /** Alternative text of the photo ('' when the product's name is already next to it). */
  alt?: string;
  className?: string;
  fit?: 'cover' | 'contain';
  /** The drawing is not announced where the category is written next to it. */
  decorative?: boolean;
};

export function ProductImage({ src, category, alt = '', className = '', fit = 'cover', decorative = false }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (src && !failed) {
    return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={`${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`} />;
  }
  return <CategoryIllustration category={category} className={className} decorative={decorative} />;
}

type IllustrationProps = { category: string | null | undefined; className?: string; decorative?: boolean };

export function CategoryIllustration({ category, className = '', decorative = false }: IllustrationProps) {
  const { background, drawing } = illustrationOf(category);
  return (
    <span
      {...(category && !decorative ? { role: 'img', 'aria-label': category } : { 'aria-hidden': true })}
      data-illustration={category ?? ''}
      className={`flex items-center justify-center ${className}`}
      style={{ background }}
    >
      <svg viewBox="0 0 64 64" className="h-full max-h-full w-auto" aria-hidden="true" focusable="false">
        {drawing}
      </svg>
    </span>
  );
}
