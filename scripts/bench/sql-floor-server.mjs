// Usage: node sql-floor-server.mjs <reads.json> <databaseUrl> <poolSize>
import fs from 'node:fs';
import http from 'node:http';
import { runStatements, shopLikePool } from './statements.mjs';

const [file, databaseUrl, poolSize] = process.argv.slice(2);
if (!file || !databaseUrl || !poolSize)
  throw new Error('usage: sql-floor-server.mjs <reads.json> <databaseUrl> <poolSize>');
/** @type {Record<string, import('./statements.mjs').Statement[]>} */
const reads = JSON.parse(fs.readFileSync(file, 'utf8'));
const pool = shopLikePool(databaseUrl, Number(poolSize));

const server = http.createServer((req, res) => {
  const statements = reads[req.url ?? ''];
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  runStatements(pool, statements).then(
    (rows) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    (/** @type {unknown} */ error) => res.writeHead(500).end(String(error)),
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
