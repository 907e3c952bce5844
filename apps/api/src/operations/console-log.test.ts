import { describe, expect, it } from 'vitest';
import { useTestApp } from '#api-test/test-app.ts';
import { consoleLines } from './console-log.ts';

describe('the console format', () => {
  it('writes one readable line per entry: time, level, message, then the fields', () => {
    const out: string[] = [];
    const stream = consoleLines({ write: (line) => out.push(line) });
    stream.write(
      `${JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1), pid: 1, hostname: 'h', reqId: 'r', msg: 'slow request', route: '/api/parts', ms: 1240 })}\n`,
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}slow request route=\/api\/parts ms=1240\n$/);
  });

  describe('in an app', () => {
    const lines: string[] = [];
    const t = useTestApp({
      config: { LOG_FORMAT: 'console', LOG_LEVEL: 'info', SLOW_REQUEST_MS: '1' },
      logStream: { write: (line) => lines.push(line) },
    });

    it('logs no line per request, only the slow ones, each on one line', async () => {
      const slowMs = t.deps.config.SLOW_REQUEST_MS;
      await t.app.inject({ url: '/api/parts' });
      expect(lines.join('')).not.toContain('incoming request');
      expect(lines.join('')).not.toContain('request completed');
      const slow = lines.filter((l) => l.includes('slow request'));
      // Every request here takes at least 1 ms, the threshold this app was given.
      expect(slowMs).toBe(1);
      expect(slow).toHaveLength(1);
      expect(slow[0]).toMatch(/ WARN {2}slow request method=GET route=\/api\/parts status=200 ms=\d+\n$/);
      expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    });
  });
});
