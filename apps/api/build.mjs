// Bundles the API into dist/server.js and its chunks; workspace code is inlined, npm dependencies stay
// external. Split, so the shop's modules (and pg, http) load after tracing has started.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  sourcemap: true,
  // The workspace package is TypeScript source, which node cannot load: it is bundled.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@parts-shop/')),
  logLevel: 'warning',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
