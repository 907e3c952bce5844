import nodemailer, { type Transporter } from 'nodemailer';

/** Short timeouts: a hung mail server must not hold the worker's lease for minutes. */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({
    url,
    // One connection kept open: the worker sends one email at a time, and a new connection
    // per email (the handshake, then QUIT) capped the outbox at a few emails a second.
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
