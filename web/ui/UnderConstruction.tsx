import { Construction } from 'lucide-react';
import { EmptyState, PageHeader } from './Card';

/** Temporary page body for a screen whose feature has not landed yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={<Construction size={24} />} title="Bientôt disponible" text="Cette section de MonPanier arrive très prochainement." />
    </>
  );
}
