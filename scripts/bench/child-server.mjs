// A bench server as a child process, so it meets the load on its own event loop as the shop does.
import { spawn } from 'node:child_process';

/** @param {string} script @param {string[]} args @param {() => void} [cleanup] run once the server has stopped */
export async function startChildServer(script, args, cleanup = () => {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
        cleanup();
      }),
  };
}
