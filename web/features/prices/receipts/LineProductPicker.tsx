// Changing a receipt line's product: the shared picker (its candidates, the list builder's catalogue
// search, « Pas dans le catalogue ») with the receipt's texts.
import { fr } from '#contract/messages';
import { searchCatalogue } from '../../../lib/catalogue-search';
import { ProductChoicePicker } from '../../../ui/ProductChoicePicker';
import type { LineProduct, ReviewLine } from './review-lines';

type LineProductPickerProps = { id: string; line: ReviewLine; onPick: (product: LineProduct) => void; onExclude: () => void; onClose: () => void };

export function LineProductPicker({ id, line, onPick, onExclude, onClose }: LineProductPickerProps) {
  const t = fr.receiptsUi;
  return (
    <ProductChoicePicker
      id={id}
      label={t.changeTitle(line.read)}
      choices={line.choices}
      currentId={line.product?.id ?? null}
      search={searchCatalogue}
      texts={{ candidates: t.candidates, notInCatalogue: t.notInCatalogue, close: t.closeChange }}
      onPick={onPick}
      onExclude={onExclude}
      onClose={onClose}
    />
  );
}
