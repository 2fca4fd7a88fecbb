// /shopping-lists/new: the way in to list creation.
import { ClipboardList, FileText, ListPlus } from 'lucide-react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { buttonClasses } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';

export function NewListPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={fr.listsUi.newListTitle} subtitle={fr.listsUi.newListText} />
      <Card className="flex flex-col items-center gap-5 p-8 text-center">
        <span className="rounded-full bg-brand-50 p-4 text-brand-700">
          <ClipboardList size={32} aria-hidden="true" />
        </span>
        <div className="grid w-full gap-3 sm:grid-cols-2">
          <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <ListPlus size={18} aria-hidden="true" /> {fr.listsUi.modeManual}
          </p>
          <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <FileText size={18} aria-hidden="true" /> {fr.listsUi.modeImport}
          </p>
        </div>
        <Link to="/create-list" className={buttonClasses({ size: 'lg' })}>
          {fr.listsUi.start}
        </Link>
      </Card>
    </div>
  );
}
