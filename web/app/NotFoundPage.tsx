import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { buttonClasses } from '../ui/Button';
import { EmptyState } from '../ui/Card';

export function NotFoundPage() {
  return (
    <EmptyState
      heading="h1"
      title={fr.common.pageNotFound}
      text={fr.common.pageNotFoundHint}
      action={
        <Link to="/dashboard" className={buttonClasses()}>
          {fr.common.backHome}
        </Link>
      }
    />
  );
}
