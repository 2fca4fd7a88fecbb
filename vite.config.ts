import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './precompress.config';
import { pwaPlugins } from './pwa.config';

// The SPA lives in web/; the API serves the built files from dist/web. pwaPlugins: the web manifest,
// the icons and the service worker of the installable, offline app (pwa.config.ts); precompressPlugin:
// the files' Brotli and gzip copies the server sends (precompress.config.ts).

/**
 * How the build splits the app into files (issue 15, `npm run bench -- web`). A page's scripts come
 * in two waves: the entry, then the page's own chunks (asked for together, see the router). On a
 * phone the second wave costs a round trip per handful of files (a browser opens 6 connections to
 * a server, and each answer carries ~1 KB of headers), so a page must not need forty small files;
 * nor must it load code it does not use. Left to itself the bundler made a file for every module
 * shared by two pages: each icon, Button, Card… (/products needed 45 files). Hence:
 * - `app`: everything the entry imports goes in the entry's file (React, the router, TanStack Query,
 *   the shell), not in ten files beside it;
 * - `icons`: the icons used on three pages or more, in one file (~4 KiB gzip); the others stay with
 *   the pages that use them;
 * - `kit`: the small components nearly every page shows; `catalogue`: what shows products (their
 *   pictures, prices and the catalogue's texts), on the catalogue, the lists and the optimiser;
 *   `promo`: the promo banner's slide and texts (dashboards, the ad manager).
 * Modules only, not what they import (`includeDependenciesRecursively: false`): a group must not
 * drag a page's heavy dependencies (zod, Leaflet) into every page.
 */
const chunkGroups = [
  { name: 'react', tags: ['$initial' as const], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, includeDependenciesRecursively: false, priority: 4 },
  { name: 'app', tags: ['$initial' as const], includeDependenciesRecursively: false, priority: 3 },
  { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 2, includeDependenciesRecursively: false, priority: 2 },
  { name: 'catalogue', test: /contract[\\/](catalogue|messages-catalogue)\.ts$|web[\\/]ui[\\/](ProductImage|category-illustrations|PriceFreshness)\.tsx$/, includeDependenciesRecursively: false, priority: 1 },
  { name: 'promo', test: /contract[\\/]messages-(banner|dashboard)\.ts$|web[\\/]ui[\\/](AdSlide\.tsx|ad-gradients\.ts)$/, includeDependenciesRecursively: false, priority: 1 },
  { name: 'kit', test: /web[\\/]ui[\\/](Button|Card|Money|LoadError|Avatar|SavedDataNote|LazyDialog)\.tsx$|contract[\\/](format|messages-navigation)\.ts$|web[\\/]lib[\\/]notification-keys\.ts$/, includeDependenciesRecursively: false, priority: 1 },
];

/**
 * React Router 7's package exports only its development build, for production builds too (its
 * issues #12532, #14102): its dev warnings and their checks run on every start and navigation. A
 * build takes the production build that the package ships beside it.
 */
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  publicDir: 'public',
  plugins: [react(), tailwindcss(), pwaPlugins(), precompressPlugin()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Every browser the app supports preloads modules itself (Chromium, Safari 17, Firefox 115): the
    // polyfill would only add to every page's first script.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
