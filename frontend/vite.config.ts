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

/**
 * Lets the bundler drop the parts of React Router the site never renders (Form, its Link with the prefetching
 * of framework mode, Await, the data routers' providers). Its bundle defines every component at the top level
 * without a pure annotation (`var Form = React10.forwardRef(...)`) and then names it for the developer tools
 * (`Form.displayName = "Form";`), and either statement kept an unused component in the entry.
 */
function pureReactRouterDefinitions(): Plugin {
  return {
    name: 'veredicto:pure-react-router-definitions',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        // Lines keep their place (a few columns shift): the module's source map stays as it was (map: null).
        const pure = code
          .replace(/\bReact\d*\.(?:forwardRef|createContext|memo)\(/g, '/* @__PURE__ */ $&')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return { code: pure, map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineEntryCss(), pureReactRouterDefinitions()],
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
    // The first paint in as few files as can be: everything the entry imports in one chunk (`$initial`),
    // and the home page's small shared pieces (game cards, score bars, page titles, news cards) in another
    // instead of nine files under 1 KB each, which compress badly and which the server sends uncompressed.
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare (they have no package.json to say so): a page that imports one
        // table from its index no longer brings the others into the entry.
        moduleSideEffects: [{ test: /libs[\\/]contract[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'cards',
              test: /src[\\/](components[\\/](game-card|platform-logos|score-bar|score-badge)|lib[\\/](format|use-media-query|use-page-meta)|features[\\/]news[\\/](api[\\/]use-all-news|components[\\/]news-card))/,
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
