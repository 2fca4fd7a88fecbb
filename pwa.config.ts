// The installable app, for vite.config.ts: the web manifest (French, colours from the Tailwind theme
// in web/styles.css), the icons drawn with sharp from the app's SVG logo at build time (no file to
// keep in step, nothing fetched), and the service worker (web/sw/sw.ts).
//
// Strategy `injectManifest`, not `generateSW`: the app already had a service worker of its own, for
// web push (show a notification, open its page, hand the push to a visible page). A browser has ONE
// service worker per scope, so precaching and push must live in the same file; `generateSW` writes
// the whole worker itself, while `injectManifest` builds ours with Vite and injects the precache list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

const WEB_DIR = path.resolve(import.meta.dirname, 'web');

/** A colour of the Tailwind theme (`--color-<name>` in web/styles.css). */
function themeColour(name: string): string {
  const css = readFileSync(path.join(WEB_DIR, 'styles.css'), 'utf8');
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css);
  if (!match) throw new Error(`web/styles.css n'a pas de --color-${name}`);
  return match[1];
}

/** `inManifest` false: the home-screen icon of iOS, linked from index.html (square: iOS rounds it). */
type Icon = { file: string; size: number; maskable: boolean; inManifest: boolean };
const ICONS: Icon[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false, inManifest: true },
  { file: 'icons/icon-512.png', size: 512, maskable: false, inManifest: true },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true, inManifest: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true, inManifest: false },
];

/**
 * The logo (web/public/favicon.svg): a rounded green square with the cart. A maskable icon is cut
 * to the phone's shape (circle, squircle…), so it is drawn square, full bleed; the cart already
 * sits inside the central safe zone (a circle of 40 % of the size).
 */
function iconSvg(maskable: boolean): Buffer {
  const logo = readFileSync(path.join(WEB_DIR, 'public', 'favicon.svg'), 'utf8');
  return Buffer.from(maskable ? logo.replace(/ rx="[^"]*"/, '') : logo);
}

function iconsPlugin(): Plugin {
  return {
    name: 'monpanier-pwa-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of ICONS) {
        const source = await sharp(iconSvg(icon.maskable), { density: 72 * (icon.size / 64) })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source });
      }
    },
  };
}

export const manifest: Partial<ManifestOptions> = {
  name: 'MonPanier — Marketplace du Gabon',
  short_name: 'MonPanier',
  description: 'Comparez les prix des courses au Gabon, préparez vos listes, même hors connexion, et faites-vous livrer.',
  lang: 'fr',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  id: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: themeColour('brand-700'),
  background_color: themeColour('brand-50'),
  categories: ['shopping', 'food'],
  icons: ICONS.filter((i) => i.inManifest).map((i) => ({
    src: `/${i.file}`,
    sizes: `${i.size}x${i.size}`,
    type: 'image/png',
    purpose: i.maskable ? 'maskable' : 'any',
  })),
};

export function pwaPlugins(): Plugin[] {
  return [
    iconsPlugin(),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (web/lib/offline/service-worker.ts), as /sw.js: the URL
      // the push subscriptions made before this version were registered with.
      injectRegister: false,
      manifest,
      includeManifestIcons: false,
      injectManifest: {
        // The app shell (index.html), every chunk (pages load lazily: an offline visit needs them),
        // styles, the logo and avatars, the icons and the manifest. Not precached: the barcode
        // reader's WebAssembly (cached once used, see sw.ts); nothing under /uploads is in the build.
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/sw.js', '**/*.map'],
        maximumFileSizeToCacheInBytes: 600 * 1024,
      },
    }),
  ];
}
