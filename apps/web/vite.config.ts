import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text file of the build, which the API serves to browsers
 * that accept them (@fastify/static preCompressed): the first load moves a third of the bytes
 * (docs/performance.md). Done once at build time, at the highest levels.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const file = path.join(dir, e.name);
      return e.isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'parts-shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The server-rendering bundle is read by the API from disk, never sent to a browser.
      if (!outDir) return;
      for (const file of walk(outDir)) {
        if (!/\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Puts what the first paint needs ahead of the app's scripts. The public pages arrive drawn by
 * the server, so a visitor's first view needs only the HTML, the stylesheet and the pictures:
 * the stylesheet is asked for first, and the scripts that make the page interactive are
 * fetched at low priority so they stop competing with it for a slow phone's connections and
 * bandwidth. Pages the server does not draw wait for the scripts either way.
 * docs/performance.md#first-paint-before-the-scripts has the figures.
 */
function paintFirst(): Plugin {
  return {
    name: 'parts-shop-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const first = html.search(/<script type="module"|<link rel="modulepreload"/);
        if (first < 0) return html;
        // Only the stylesheets behind the first script move; any before it already come first.
        const stylesheets = html.slice(first).match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html.slice(first));
        return (
          html.slice(0, first) +
          stylesheets.map((link) => `${link}\n    `).join('') +
          rest.replace(
            /<(script type="module"|link rel="modulepreload") crossorigin /g,
            '<$1 fetchpriority="low" crossorigin ',
          )
        );
      },
    },
  };
}

/** The chunk of src/start/main.tsx, which src/start/boot.ts imports once the page is painted. */
const isMainChunk = (fileName: string) => /(?:^|\/)main-[\w-]+\.js$/.test(fileName);

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), paintFirst()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  // The server-rendering bundle carries its libraries, so the API runs it without the web app's packages.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk imports which, for the first-visit budget (scripts/lib/first-visit-budget.mjs).
    manifest: true,
    // Keep the first load small: the Firebase SDK and the admin screens are split out.
    chunkSizeWarningLimit: 600,
    // The app's code is loaded after the first paint (src/start/boot.ts) and run in stages (src/start/main.tsx).
    // For those imports Vite's helper would add a <link rel="modulepreload"> for every chunk of
    // the app at once, all parsed in one long task (docs/performance.md); the browser fetches each
    // stage's modules itself instead. Screens loaded later keep their preloads.
    modulePreload: {
      resolveDependencies: (file, deps, { hostId }) => (isMainChunk(file) || isMainChunk(hostId) ? [] : deps),
    },
    // Zod and its configuration share one chunk, which every chunk with a schema imports: the
    // configuration runs before any schema is built, or zod probes `new Function` and the
    // Content-Security-Policy reports it (docs/security.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
});
