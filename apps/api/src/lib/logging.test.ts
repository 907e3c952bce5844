import { describe, expect, it } from 'vitest';
import { useTestApp } from '#api-test/test-app.ts';
import { redactEmails } from './logging.ts';

describe('redactEmails', () => {
  it.each([
    ['/api/users/alice@example.test', '/api/users/[email]'],
    ['/api/users/alice%40example.test', '/api/users/[email]'],
    ['/api/users/ALICE%40EXAMPLE.TEST', '/api/users/[email]'],
    ['/api/users/admin/bob@example.test', '/api/users/admin/[email]'],
    ['/api/orders?email=carol%40example.test&limit=5', '/api/orders?email=[email]&limit=5'],
    ['/api/orders?limit=5&email=carol@example.test#top', '/api/orders?limit=5&email=[email]#top'],
    ['/api/parts?limit=24', '/api/parts?limit=24'],
    ['/api/orders/0190a8b2-0000-7000-8000-000000000001', '/api/orders/0190a8b2-0000-7000-8000-000000000001'],
  ])('%s -> %s', (url, expected) => {
    expect(redactEmails(url)).toBe(expected);
  });
});

describe('request log', () => {
  const lines: string[] = [];
  const t = useTestApp({ config: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });

  it('names no email from a path or a query string, however it is written', async () => {
    const admin = await t.signIn('log-admin@example.test', 'admin');
    await t.signIn('alice-logged@example.test');
    const urls = [
      '/api/users/alice-logged%40example.test',
      '/api/admin/Alice-Logged@Example.test',
      '/api/orders?email=alice-logged%40example.test',
      '/api/users/admin/alice-logged@example.test',
    ];
    for (const url of urls) await t.app.inject({ url, headers: admin });
    // The token exchange is refused (no ID token) but is logged all the same.
    await t.app.inject({ method: 'PUT', url: '/api/users/bob-logged@example.test', payload: {} });

    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const logged = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req?.url);
    expect(logged).toEqual([
      '/api/users/[email]',
      '/api/admin/[email]',
      '/api/orders?email=[email]',
      '/api/users/admin/[email]',
      '/api/users/[email]',
    ]);
    const everything = lines.join('\n').toLowerCase();
    expect(everything).not.toContain('alice-logged');
    expect(everything).not.toContain('bob-logged');
  });
});
