// Free TCP ports on the loopback interface, for servers that must not collide with one
// another (several auth emulators, test servers and the shop running side by side).
import net from 'node:net';

/**
 * A port nothing listens on right now. The OS picks it (listen on port 0), so two callers
 * never get the same one while both are open; there is still a short window before the
 * caller binds it, which is why callers bind soon after asking.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the port the OS assigned'))));
    });
  });
}

/**
 * Whether a server could listen on `port` now; a clearer failure than a child process
 * that dies with "port taken" somewhere in its output.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
