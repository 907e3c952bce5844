// Loaded into a shop process with `node --import` by the discovery bench: appends every
// statement the API sends PostgreSQL (text, parameters, row mode, statement name) to the file
// BENCH_SQL_LOG names, one JSON line each, so the bench can run exactly the same SQL without
// HTTP as the raw baseline. Only that short-lived shop loads it; the measured one does not.
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
