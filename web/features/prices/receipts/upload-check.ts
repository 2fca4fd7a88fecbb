// The browser's first look at a chosen receipt or label photo: the server types files by their
// content and size, and so does this, with the server's own French messages — a 12 MB photo or a
// program renamed ticket.jpg is refused at once, not after the upload.
import { DOCUMENT_MAX_BYTES } from '#contract/imports';
import { sniffImageFormat } from '#contract/images';
import { fr } from '#contract/messages';
import { PRICE_TAG_MAX_BYTES } from '#contract/price-tags';

type Kind = 'jpeg' | 'png' | 'webp' | 'pdf';

function kindOf(head: Uint8Array): Kind | null {
  if (String.fromCharCode(...head.slice(0, 5)) === '%PDF-') return 'pdf';
  const image = sniffImageFormat(head);
  return image === 'jpeg' || image === 'png' || image === 'webp' ? image : null;
}

async function check(file: Blob, maxBytes: number, accepted: readonly Kind[], wrongType: string): Promise<string | null> {
  if (file.size === 0) return fr.lists.imageRequired;
  if (file.size > maxBytes) return fr.lists.fileTooLarge;
  const kind = kindOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  return kind && accepted.includes(kind) ? null : wrongType;
}

/** A till receipt: a JPEG, PNG or WebP photo or a PDF, ≤ 10 MB. The French reason it is refused, or null. */
export const checkReceiptFile = (file: Blob) => check(file, DOCUMENT_MAX_BYTES, ['jpeg', 'png', 'webp', 'pdf'], fr.receipts.format);

/** A shelf label: a JPEG, PNG or WebP photo, ≤ 10 MB. */
export const checkTagPhoto = (file: Blob) => check(file, PRICE_TAG_MAX_BYTES, ['jpeg', 'png', 'webp'], fr.recognitionApi.notAnImage);

/** What the file inputs offer (the check above decides, whatever the name says). */
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.pdf';
export const TAG_ACCEPT = 'image/jpeg,image/png,image/webp';
