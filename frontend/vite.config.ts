import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://localhost:3000';

// The front's tests run in a time zone west of UTC, where a date stored at midnight UTC read as a local time
// falls on the day before (format.test.ts). Set here, in the main process, so the test threads share it.
if (process.env.VITEST) process.env.TZ = 'America/Bogota';

/**
 * Inlines the entry stylesheet into index.html: the first paint then needs no second round trip for CSS
 * (the CSP allows inline styles). Route stylesheets still load with their chunks.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'veredicto:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      html.source = String(html.source).replace(
        /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
        (tag, file: string) => {
          const css = bundle[file];
          if (!css || css.type !== 'asset') return tag;
          return `<style>${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        },
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineEntryCss()],
  resolve: {
    // The one package the front may import besides its own code: the contract shared with the API.
    alias: {
      '@veredicto/contract': fileURLToPath(new URL('../libs/contract/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets the server preload each route's chunk along with the page (api/src/seo/route-preloads.ts).
    manifest: true,
    // Every browser the site supports preloads modules natively: no polyfill in the first paint.
    modulePreload: { polyfill: false },
    // The first paint in as few files as can be: everything the entry imports in one chunk (`$initial`), and
    // the home page's small shared pieces (game cards, score bars, page titles) in another instead of seven
    // files under 1 KB each, which compress badly and which the server sends uncompressed.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'cards',
              test: /src[\\/](components[\\/](game-card|platform-logos|score-bar|score-badge)|lib[\\/](format|use-media-query|use-page-meta))/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
    },
  },
  test: {
    environment: 'jsdom',
    // One jsdom per worker thread, each file still in its own context: the environment was two thirds of
    // the tier's time when each file built its own.
    pool: 'vmThreads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
