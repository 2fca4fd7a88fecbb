// One small drawing per product category (contract/products.ts), for products without a photo: no
// seeded product has one. Drawn on a 64 × 64 grid; each comes with the background it sits on.
import type { ReactNode } from 'react';

export type Illustration = { background: string; drawing: ReactNode };

const produce: Illustration = {
  background: '#dcfce7',
  drawing: (
    <>
      <path d="M44 12c7 0 11 4 11 11-7 0-11-4-11-11z" fill="#22c55e" />
      <circle cx="30" cy="37" r="16" fill="#ef4444" />
      <ellipse cx="23" cy="31" rx="4" ry="3" fill="#fca5a5" />
      <polygon points="30,17 33,22 39,21 34,25 36,30 30,27 24,30 26,25 21,21 27,22" fill="#16a34a" />
    </>
  ),
};

const dairy: Illustration = {
  background: '#e0f2fe',
  drawing: (
    <>
      <rect x="26" y="9" width="10" height="5" fill="#0284c7" />
      <polygon points="20,24 26,14 36,14 42,24" fill="#bae6fd" stroke="#0284c7" strokeWidth="2" strokeLinejoin="round" />
      <rect x="20" y="24" width="22" height="30" rx="2" fill="#ffffff" stroke="#0284c7" strokeWidth="2" />
      <path d="M31 31c3 4 5 7 5 9a5 5 0 0 1-10 0c0-2 2-5 5-9z" fill="#38bdf8" />
    </>
  ),
};

const meatAndFish: Illustration = {
  background: '#ffe4e6',
  drawing: (
    <>
      <polygon points="41,32 55,21 55,43" fill="#0284c7" />
      <ellipse cx="28" cy="32" rx="17" ry="11" fill="#0ea5e9" />
      <path d="M26 24q4 8 0 16" stroke="#bae6fd" strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="18" cy="30" r="2.5" fill="#ffffff" />
      <circle cx="18" cy="30" r="1.1" fill="#0f172a" />
    </>
  ),
};

const grocery: Illustration = {
  background: '#fef3c7',
  drawing: (
    <>
      <path d="M23 24l4-9h10l4 9z" fill="#fbbf24" />
      <path d="M20 25h24l4 25a4 4 0 0 1-4 5H20a4 4 0 0 1-4-5z" fill="#f59e0b" />
      <rect x="21" y="22" width="22" height="5" rx="2.5" fill="#92400e" />
      <rect x="23" y="34" width="18" height="11" rx="2" fill="#fffbeb" />
      <ellipse cx="28.5" cy="39.5" rx="2.2" ry="1.2" fill="#d97706" />
      <ellipse cx="35.5" cy="39.5" rx="2.2" ry="1.2" fill="#d97706" />
    </>
  ),
};

const bakery: Illustration = {
  background: '#ffedd5',
  drawing: (
    <g transform="rotate(-30 32 32)">
      <rect x="8" y="25" width="48" height="14" rx="7" fill="#d97706" />
      <path d="M19 28l4 8M29 28l4 8M39 28l4 8" stroke="#fde68a" strokeWidth="2.5" strokeLinecap="round" />
    </g>
  ),
};

const drinks: Illustration = {
  background: '#cffafe',
  drawing: (
    <>
      <rect x="27" y="7" width="10" height="5" rx="1" fill="#164e63" />
      <rect x="28" y="11" width="8" height="10" fill="#0e7490" />
      <path d="M28 20h8l6 8v23a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4V28z" fill="#06b6d4" />
      <rect x="22" y="34" width="20" height="10" fill="#ecfeff" />
    </>
  ),
};

const hygiene: Illustration = {
  background: '#f3e8ff',
  drawing: (
    <>
      <circle cx="42" cy="20" r="6" fill="none" stroke="#a855f7" strokeWidth="2" />
      <circle cx="29" cy="19" r="4" fill="none" stroke="#a855f7" strokeWidth="2" />
      <circle cx="51" cy="32" r="3" fill="none" stroke="#a855f7" strokeWidth="2" />
      <rect x="12" y="31" width="32" height="19" rx="6" fill="#a855f7" />
      <rect x="17" y="35" width="13" height="3" rx="1.5" fill="#e9d5ff" />
    </>
  ),
};

const household: Illustration = {
  background: '#e0e7ff',
  drawing: (
    <>
      <circle cx="52" cy="13" r="1.6" fill="#818cf8" />
      <circle cx="55" cy="18" r="1.6" fill="#818cf8" />
      <circle cx="51" cy="22" r="1.6" fill="#818cf8" />
      <path d="M21 12h19a3 3 0 0 1 3 3v7H21z" fill="#818cf8" />
      <rect x="43" y="15" width="5" height="4" fill="#4338ca" />
      <path d="M28 22l-5 9" stroke="#4338ca" strokeWidth="3" strokeLinecap="round" />
      <rect x="27" y="22" width="10" height="7" fill="#4338ca" />
      <path d="M22 29h20v23a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4z" fill="#6366f1" />
      <rect x="26" y="37" width="12" height="9" rx="1" fill="#e0e7ff" />
    </>
  ),
};

const other: Illustration = {
  background: '#f1f5f9',
  drawing: (
    <>
      <path d="M25 24v-4a7 7 0 0 1 14 0v4" stroke="#334155" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M15 24h34l-3 29a3 3 0 0 1-3 3H21a3 3 0 0 1-3-3z" fill="#64748b" />
      <circle cx="25" cy="30" r="1.8" fill="#e2e8f0" />
      <circle cx="39" cy="30" r="1.8" fill="#e2e8f0" />
    </>
  ),
};

// The catalogue's categories, and the add dialog's (which the spec lists separately) where one fits.
const BY_CATEGORY: Record<string, Illustration> = {
  'Fruits et légumes': produce,
  'Produits laitiers': dairy,
  'Viande et poisson': meatAndFish,
  Épicerie: grocery,
  Alimentation: grocery,
  Boulangerie: bakery,
  Boissons: drinks,
  "Produits d'hygiène": hygiene,
  'Santé & Beauté': hygiene,
  'Produits ménagers': household,
  'Maison & Jardin': household,
};

export function illustrationOf(category: string | null | undefined): Illustration {
  return (category && BY_CATEGORY[category]) || other;
}
