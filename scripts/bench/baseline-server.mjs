// Answers from memory the bytes the shop answered for each path. Usage: node baseline-server.mjs <responses.json>
import fs from 'node:fs';
import http from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: baseline-server.mjs <responses.json>');
/** @type {Record<string, { contentType: string, body: string }>} */
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
const responses = new Map(
  Object.entries(recorded).map(([path, r]) => [
    path,
    {
      headers: { 'content-type': r.contentType, 'content-length': Buffer.byteLength(r.body) },
      body: Buffer.from(r.body),
    },
  ]),
);

const server = http.createServer((req, res) => {
  const found = responses.get(req.url ?? '');
  if (!found) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"Not found"}');
    return;
  }
  res.writeHead(200, found.headers);
  res.end(found.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
