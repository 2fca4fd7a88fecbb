// One value of a product field as a moderator compares it: text, yes/no, a size (« 900 mL »), or image thumbnails.
import { fr } from '#contract/messages';
import type { ProductField } from '#contract/moderation';
import { type ProductSize, formatSize } from '#contract/product-size';

const texts = fr.adminUi;
const IMAGE_FIELDS: ProductField[] = ['main_image', 'gallery_images', 'barcode_image'];

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function ProductFieldValue({ field, value }: { field: ProductField; value: unknown }) {
  if (isEmpty(value)) return <span className="italic text-slate-400">{texts.emptyValue}</span>;
  if (IMAGE_FIELDS.includes(field)) {
    const urls = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    return (
      <span className="flex flex-wrap gap-1.5">
        {urls.map((url, i) => (
          <a key={`${url}-${i}`} href={url} target="_blank" rel="noreferrer" className="block size-14 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
            <img src={url} alt={texts.imageAlt(texts.fields[field], urls.length > 1 ? i + 1 : undefined)} className="size-full object-cover" loading="lazy" />
          </a>
        ))}
      </span>
    );
  }
  if (field === 'size' && typeof value === 'object' && value !== null) return <span>{formatSize(value as ProductSize)}</span>;
  if (typeof value === 'boolean') return <span>{value ? texts.yes : texts.no}</span>;
  return <span className="break-words">{String(value)}</span>;
}
