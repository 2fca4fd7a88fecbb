// Generates the 20 preset avatars (web/public/avatars/avatar-01.svg … avatar-20.svg).
// Run once with `node scripts/generate-avatars.mjs`; the SVGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';

const backgrounds = ['#047857', '#0369a1', '#7c3aed', '#c2410c', '#be123c', '#0f766e', '#4338ca', '#a16207', '#15803d', '#9d174d'];
const skins = ['#8d5524', '#6b3e1e', '#c68642', '#a0673a', '#e0ac69'];
const hairColours = ['#1f1510', '#2d1b0e', '#3b2314', '#111111'];

const hairStyles = [
  (c) => `<path d="M20 30c0-11 8-18 18-18s18 7 18 18c-3-5-9-8-18-8s-15 3-18 8z" fill="${c}"/>`,
  (c) => `<circle cx="38" cy="22" r="13" fill="${c}"/><circle cx="25" cy="28" r="7" fill="${c}"/><circle cx="51" cy="28" r="7" fill="${c}"/>`,
  (c) => `<path d="M19 33c0-13 9-21 19-21s19 8 19 21v10h-5V30c-4-3-9-4-14-4s-10 1-14 4v13h-5z" fill="${c}"/>`,
  (c) => `<path d="M22 27c2-9 9-14 16-14s14 5 16 14c-5-3-10-4-16-4s-11 1-16 4z" fill="${c}"/><rect x="33" y="8" width="10" height="8" rx="4" fill="${c}"/>`,
];
const accessories = [
  () => '',
  () => '<g fill="none" stroke="#1e293b" stroke-width="1.6"><circle cx="32" cy="36" r="4.5"/><circle cx="44" cy="36" r="4.5"/><path d="M36.5 36h3"/></g>',
  () => '<path d="M26 50c4 4 20 4 24 0" fill="none" stroke="#FCD116" stroke-width="2.5" stroke-linecap="round"/>',
];

mkdirSync('web/public/avatars', { recursive: true });
for (let i = 0; i < 20; i++) {
  const bg = backgrounds[i % backgrounds.length];
  const skin = skins[(i * 3) % skins.length];
  const hair = hairStyles[i % hairStyles.length](hairColours[i % hairColours.length]);
  const extra = accessories[Math.floor(i / 4) % accessories.length]();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 76 76" role="img" aria-label="Avatar ${i + 1}">
<circle cx="38" cy="38" r="38" fill="${bg}"/>
<path d="M14 72c3-12 13-18 24-18s21 6 24 18a38 38 0 0 1-48 0z" fill="${['#fde68a', '#bae6fd', '#fecdd3', '#bbf7d0', '#ddd6fe'][i % 5]}"/>
<rect x="33" y="45" width="10" height="10" rx="3" fill="${skin}"/>
<circle cx="38" cy="35" r="15" fill="${skin}"/>
${hair}
<circle cx="32" cy="36" r="1.8" fill="#1e293b"/><circle cx="44" cy="36" r="1.8" fill="#1e293b"/>
<path d="M33 43c3 2.5 7 2.5 10 0" fill="none" stroke="#1e293b" stroke-width="1.6" stroke-linecap="round"/>
${extra}
</svg>
`;
  writeFileSync(`web/public/avatars/avatar-${String(i + 1).padStart(2, '0')}.svg`, svg);
}
console.log('20 avatars écrits dans web/public/avatars');
