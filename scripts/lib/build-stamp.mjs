// A digest of everything the build reads, kept beside the build, so `npm start` skips an unchanged one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['apps/web', 'apps/api', 'packages/shared', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', 'test', '.data']);
const STAMP = 'apps/api/dist/build-inputs.sha256';

/** @param {string} dir @param {string[]} into */
function listFiles(dir, into) {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return into;
  if (stat.isFile()) return (into.push(dir), into);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    listFiles(path.join(dir, entry.name), into);
  }
  return into;
}

/** @param {string} root the repository */
export function buildInputsDigest(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => listFiles(path.join(root, input), [])).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} root */
export function buildIsCurrent(root) {
  const stamp = path.join(root, STAMP);
  const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'apps/web/dist-ssr'];
  if (!outputs.every((output) => fs.existsSync(path.join(root, output)))) return false;
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === buildInputsDigest(root);
}

/** @param {string} root */
export function stampBuild(root) {
  fs.writeFileSync(path.join(root, STAMP), buildInputsDigest(root));
}
