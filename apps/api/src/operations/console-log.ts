import type { FastifyInstance } from 'fastify';
import type { LogStream } from '../lib/logging.ts';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, shown in the line's head rather than after it. */
const HEAD = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

function fieldText(value: unknown): string {
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return JSON.stringify(value.message);
  }
  return typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);
}

/** pino's JSON as one readable line each for `npm start`. */
export function consoleLines(out: LogStream): LogStream {
  return {
    write: (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return out.write(line);
      }
      const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
      const level = LEVELS[Number(entry.level)] ?? String(entry.level);
      const fields = Object.entries(entry)
        .filter(([key]) => !HEAD.has(key))
        .map(([key, value]) => `${key}=${fieldText(value)}`);
      out.write(`${[time, level, typeof entry.msg === 'string' ? entry.msg : '', ...fields].join(' ')}\n`);
    },
  };
}

/** With request logs off, the requests worth a look still get a line: the slow ones. */
export function logSlowRequests(app: FastifyInstance, slowMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime < slowMs) return;
    request.log.warn(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'slow request',
    );
  });
}
