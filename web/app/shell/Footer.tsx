import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { Logo } from './Logo';

export function Footer() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-8 text-center text-sm text-slate-500 sm:flex-row sm:justify-between sm:text-left">
        <div className="flex flex-col items-center gap-1 sm:items-start">
          <Logo />
          <span>{fr.brand.tagline}</span>
        </div>
        <div className="flex flex-col items-center gap-1 sm:items-end">
          <span>{fr.brand.copyright(new Date().getFullYear())}</span>
          <span>{fr.brand.madeIn}</span>
          <span className="flex gap-3 text-xs">
            <Link to="/conditions" className="hover:text-slate-800 hover:underline">
              {fr.auth.terms}
            </Link>
            <Link to="/confidentialite" className="hover:text-slate-800 hover:underline">
              {fr.auth.privacy}
            </Link>
          </span>
        </div>
      </div>
    </footer>
  );
}
