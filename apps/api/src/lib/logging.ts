import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/** Where pino writes; tests pass a stream to read the log back. */
export type LogStream = { write: (line: string) => void };

const EMAIL_PLACEHOLDER = '[email]';

/** Paths name users by email; each piece holding "@" becomes "[email]", in one linear pass. */
export function redactEmails(url: string): string {
  return url
    .split(/([/?&=#;])/)
    .map((piece) => (piece.includes('@') || piece.toLowerCase().includes('%40') ? EMAIL_PLACEHOLDER : piece))
    .join('');
}

/** pino's view of a request: Fastify's own fields, with emails out of the URL. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactEmails(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** In the console format the lines go through `format` (operations/console-log.ts) on their way out. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: LogStream,
  format?: (out: LogStream) => LogStream,
): FastifyServerOptions['logger'] {
  const out = format ? format(stream ?? process.stdout) : stream;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
    serializers: { req: requestForLog },
    ...(out ? { stream: out } : {}),
  };
}
