// CPU time from /proc, which other work on the machine moves less than rates: a process's, and a PostgreSQL server's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime, stime, cutime and cstime are fields 11 to 14 after the name. @param {number | string} pid */
function statOf(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** @param {string[] | null} stat @param {boolean} reaped with the children it has waited for */
const ticks = (stat, reaped) =>
  stat ? [11, 12, ...(reaped ? [13, 14] : [])].reduce((sum, i) => sum + Number(stat[i] ?? 0), 0) : 0;

/** What these processes have used, in seconds. @param {number[]} pids */
export function processSeconds(pids) {
  return pids.reduce((sum, pid) => sum + ticks(statOf(pid), false), 0) / TICKS_PER_SECOND;
}

/**
 * What the PostgreSQL server on `port` has used, in seconds: its postmaster with the backends it reaped, and those
 * still running (client backends, and the walsenders that feed its replicas).
 * @param {number} port
 */
export function postgresSeconds(port) {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const postmaster = pids.find((pid) => {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /(?:^|\/)postgres$/.test(argv[0] ?? '') && argv.join(' ').includes(`-p ${port} `);
    } catch {
      return false;
    }
  });
  if (!postmaster) throw new Error(`no PostgreSQL server found on port ${port}`);
  let total = ticks(statOf(postmaster), true);
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat?.[1] === postmaster) total += ticks(stat, false);
  }
  return total / TICKS_PER_SECOND;
}
