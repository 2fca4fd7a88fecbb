import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { Logo } from '../../app/shell/Logo';

/** The frame of the sign-in and registration pages. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex justify-center px-4 py-8 sm:py-14">
      <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="mb-6 flex justify-center">
          <Link to="/login" aria-label={fr.brand.name}>
            <Logo tagline />
          </Link>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mb-6 mt-1 text-sm text-slate-600">{subtitle}</p>
          {children}
        </div>
      </div>
    </div>
  );
}

export function LegalLinks({ intro }: { intro: string }) {
  return (
    <p className="text-center text-xs text-slate-500">
      {intro}{' '}
      <Link to="/conditions" className="font-medium text-brand-700 hover:underline">
        {fr.auth.terms}
      </Link>{' '}
      {fr.register.and}{' '}
      <Link to="/confidentialite" className="font-medium text-brand-700 hover:underline">
        {fr.auth.privacy.toLowerCase()}
      </Link>
      .
    </p>
  );
}
