// Bundles the API into dist/server.js; workspace code is inlined, npm dependencies stay external.
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
  outfile: 'dist/server.js',
  sourcemap: true,
  // The workspace package is TypeScript source, which node cannot load: it is bundled.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@parts-shop/')),
  logLevel: 'warning',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
