// The React floor: a page the server drew (one paragraph) that React adopts and nothing else.
// Its longest task is what adopting any page with React costs on this machine, whatever the page
// does, so the shop's own long tasks are read beside it (docs/performance.md, "Page speed").
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>React floor</title></head><body><div id="root"><p>React floor</p></div>' +
  '<script type="module" src="./main.js"></script></body></html>';
const MAIN = `import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
hydrateRoot(document.getElementById('root'), createElement('p', null, 'React floor'));
`;

/**
 * Builds the page with the shop's React, in memory.
 * @param {string} root the repository (its node_modules has React)
 * @returns {Promise<Map<string, { type: string, body: string }>>} each file by its URL path
 */
export async function buildReactFloor(root) {
  // Inside node_modules, so the page's imports find the repository's React.
  const dir = path.join(root, 'node_modules', '.cache', 'parts-shop-react-floor');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.writeFileSync(path.join(dir, 'main.js'), MAIN);
  const output = /** @type {import('vite').Rolldown.RolldownOutput} */ (
    await build({ root: dir, configFile: false, logLevel: 'silent', build: { write: false } })
  );
  /** @type {Map<string, { type: string, body: string }>} */
  const files = new Map();
  for (const file of output.output) {
    const body = file.type === 'chunk' ? file.code : String(file.source);
    const type = file.fileName.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript';
    files.set(file.fileName === 'index.html' ? '/' : `/${file.fileName}`, { type, body });
  }
  return files;
}
