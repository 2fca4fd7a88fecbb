// The catalogue's title and its page actions (add a product, smart scanner, contribute). On a phone
// the actions are a row of icon buttons beside the title, so that the products come first on the
// screen; from the small breakpoint up they carry their labels.
import { Plus, ScanLine, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { Button, buttonClasses } from '../../ui/Button';

// Square icon buttons on phones; the label stays the button's name for screen readers.
const COMPACT = 'max-sm:w-11 max-sm:px-0';
const Label = ({ text }: { text: string }) => <span className="max-sm:sr-only">{text}</span>;

type CatalogueHeaderProps = { contributes: boolean; onAdd: () => void; onScan: () => void };

export function CatalogueHeader({ contributes, onAdd, onScan }: CatalogueHeaderProps) {
  return (
    <div className="flex items-center justify-between gap-3 sm:items-end">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{fr.catalogueUi.title}</h1>
        <p className="mt-1 hidden text-slate-600 sm:block">{fr.catalogueUi.subtitle}</p>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2">
        <Button icon={<Plus size={18} />} onClick={onAdd} className={COMPACT} title={fr.catalogueUi.add}>
          <Label text={fr.catalogueUi.add} />
        </Button>
        <Button variant="secondary" icon={<ScanLine size={18} />} onClick={onScan} className={COMPACT} title={fr.catalogueUi.smartScanner}>
          <Label text={fr.catalogueUi.smartScanner} />
        </Button>
        {contributes && (
          <Link to="/contribute" className={`${buttonClasses({ variant: 'outline' })} ${COMPACT}`} title={fr.catalogueUi.contribute}>
            <Tag size={18} aria-hidden="true" />
            <Label text={fr.catalogueUi.contribute} />
          </Link>
        )}
      </div>
    </div>
  );
}
