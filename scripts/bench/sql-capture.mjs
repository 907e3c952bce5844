// Loaded with `node --import` into the discovery bench's capturing shop only.
import fs from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const query = pg.Client.prototype.query;
  /** @type {any} */ (pg.Client.prototype).query = function capture(/** @type {any[]} */ ...args) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      const params = Array.isArray(values) ? values : (config?.values ?? []);
      fs.appendFileSync(
        file,
        `${JSON.stringify({ text, values: params, rowMode: config?.rowMode, name: config?.name })}\n`,
      );
    }
    return /** @type {any} */ (query).apply(this, args);
  };
}
