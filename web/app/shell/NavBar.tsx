import { LogOut, Megaphone, Menu, Store, UserRound, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { fr } from '#contract/messages';
import type { SessionUser } from '#contract/users';
import { logout } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Logo } from './Logo';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { navLinksFor } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`;
// The bar's links stay on one line; between 1024 and 1279 px they, the logo and the logout button
// make room for the greeting (the logo without its name, the button without its label).
const barLinkClass = (state: { isActive: boolean }) => `${linkClass(state)} whitespace-nowrap lg:max-xl:px-2.5`;

export function NavBar({ user }: { user: SessionUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const links = navLinksFor(user.user_type);
  // Only consumers have a profile page; agents and moderators see their avatar without a link.
  const hasProfile = user.user_type === 'consumer';
  const home = links[0].to;

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // The open menu closes on Escape and on a tap anywhere outside the bar and the menu.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    const onPointerDown = (e: PointerEvent) => !header.current?.contains(e.target as Node) && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const avatar = <Avatar url={user.avatar_url} name={user.full_name} size={36} />;

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to={home} className="shrink-0" aria-label={fr.brand.name}>
          <Logo wordmarkClass="lg:max-xl:sr-only" />
        </Link>

        <nav aria-label={fr.nav.mainNavigation} className="ml-4 hidden items-center gap-1 lg:flex lg:max-xl:ml-2 lg:max-xl:gap-0.5">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={barLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2 lg:max-xl:gap-1">
          {/* A long name is cut rather than pushing the links onto two lines. */}
          <span className="hidden min-w-0 max-w-52 truncate text-sm text-slate-600 lg:inline-block" title={user.full_name}>
            {fr.nav.greeting} <strong className="font-semibold text-slate-900">{user.full_name}</strong>
          </span>
          <NotificationBell />
          {hasProfile && (
            <NavLink to="/commerce" className={({ isActive }) => `hidden shrink-0 rounded-lg p-2 lg:inline-flex ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100'}`} aria-label={fr.merchantNav.link} title={fr.merchantNav.link}>
              <Store size={20} aria-hidden="true" />
            </NavLink>
          )}
          {hasProfile && (
            <NavLink to="/mes-annonces" className={({ isActive }) => `hidden shrink-0 rounded-lg p-2 lg:inline-flex ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100'}`} aria-label={fr.nav.myAds} title={fr.nav.myAds}>
              <Megaphone size={20} aria-hidden="true" />
            </NavLink>
          )}
          {hasProfile ? (
            <Link to="/profile" className="hidden shrink-0 rounded-full lg:inline-flex" aria-label={fr.nav.profile}>
              {avatar}
            </Link>
          ) : (
            <span className="hidden shrink-0 lg:inline-flex">{avatar}</span>
          )}
          <button
            type="button"
            onClick={() => void logout()}
            title={fr.nav.logout}
            className="hidden shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-rose-50 hover:text-rose-700 lg:inline-flex lg:max-xl:px-2"
          >
            <LogOut size={18} aria-hidden="true" />
            <span className="lg:max-xl:sr-only">{fr.nav.logout}</span>
          </button>
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? fr.nav.closeMenu : fr.nav.openMenu}
          >
            {menuOpen ? <X size={24} /> : <Menu size={24} />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 pt-3 shadow-lg lg:hidden">
          <div className="mb-3 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
            {avatar}
            <div className="min-w-0">
              <p className="truncate text-sm text-slate-600">
                {fr.nav.greeting} <strong className="text-slate-900">{user.full_name}</strong>
              </p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
          <nav aria-label={fr.nav.menu} className="flex flex-col gap-1">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
                {link.label}
              </NavLink>
            ))}
            {hasProfile && (
              <NavLink to="/profile" className={linkClass}>
                <span className="inline-flex items-center gap-2">
                  <UserRound size={16} aria-hidden="true" />
                  {fr.nav.profile}
                </span>
              </NavLink>
            )}
            {hasProfile && (
              <NavLink to="/mes-annonces" className={linkClass}>
                <span className="inline-flex items-center gap-2">
                  <Megaphone size={16} aria-hidden="true" />
                  {fr.nav.myAds}
                </span>
              </NavLink>
            )}
            {hasProfile && (
              <NavLink to="/commerce" className={linkClass}>
                <span className="inline-flex items-center gap-2">
                  <Store size={16} aria-hidden="true" />
                  {fr.merchantNav.link}
                </span>
              </NavLink>
            )}
            <button
              type="button"
              onClick={() => void logout()}
              className="mt-1 inline-flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-700 hover:bg-rose-50"
            >
              <LogOut size={16} aria-hidden="true" />
              {fr.nav.logout}
            </button>
          </nav>
        </div>
      )}
    </header>
  );
}
