import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';
import { builds, parts, reviews, users } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { useTestApp } from '#api-test/test-app.ts';

/**
 * No text anyone stores or puts in an address can change the shape of a page the server
 * draws: every replacement pattern, script and comment opener, line separator and control
 * character goes into every stored text a public page shows and into its path and query,
 * and each page must still parse as one document whose app starts from its state.
 */
const HOSTILE =
  "$' $` $& $1 $<n> $$ </script><script>alert(1)</script> <!-- --!> \u2028\u2029 " +
  '\u0001\u0008\u000b\u001b\u007f\u0085 "double" \'single\' &amp; \\';

const ORIGIN = 'https://shop.example.test';
const ENTRY = '<script type="module" src="/assets/entry.js"></script>';
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Template" /><title>Template</title></head>' +
  `<body><div id="root"></div>${ENTRY}</body></html>`;

/**
 * A stand-in for the web build's server-rendering bundle, drawing what it reads from the API
 * as React does (text escaped) and handing back the answers as the page's state.
 */
const BUNDLE = `
let transport;
export function setApiTransport(next) { transport = next; }
export function isKnownPath() { return true; }
const escape = (text) => text.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderPage(url) {
  const reads = url.pathname.startsWith('/parts/')
    ? ['/api/parts/' + url.pathname.slice('/parts/'.length)]
    : ['/api/parts?limit=3', '/api/reviews?limit=3'];
  const answers = [];
  for (const read of reads) {
    const response = await transport(read);
    answers.push({ read, status: response.status, body: await response.json() });
  }
  const state = { answers, search: url.search };
  return { html: '<main><p>' + escape(JSON.stringify(state)) + '</p></main>', state, status: 200 };
}
`;

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (element: Element) => element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

function elements(node: Node): Element[] {
  const own = isElement(node) ? [node] : [];
  const children = 'childNodes' in node ? node.childNodes.flatMap(elements) : [];
  return [...own, ...children];
}

/** The page as a browser parses it, with every parse error it reports. */
function parsePage(html: string) {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error.code) });
  const all = elements(document);
  const html_ = all.filter((e) => e.tagName === 'html');
  const [head] = all.filter((e) => e.tagName === 'head');
  const [body] = all.filter((e) => e.tagName === 'body');
  if (html_.length !== 1 || !head || !body) throw new Error('not one document');
  return { errors, head: elements(head), body: elements(body), bodyElement: body };
}

let dir: string;
let partId: string;
let buildId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-hostile-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), BUNDLE);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp({ config: () => ({ WEB_DIST: path.join(dir, 'dist'), PUBLIC_URL: ORIGIN }) });
beforeAll(async () => {
  partId = newId();
  // Straight into the tables: whatever the forms allow today, the pages must hold any text.
  await t.database.db.insert(parts).values({
    id: partId,
    name: HOSTILE,
    description: HOSTILE,
    img: `https://img.example.test/${HOSTILE}`,
    minOrder: 1,
    available: 1,
    priceCents: 100,
  });
  buildId = newId();
  await t.database.db.insert(users).values({ email: 'hostile@example.test', userName: HOSTILE });
  await t.database.db.insert(builds).values({
    id: buildId,
    email: 'hostile@example.test',
    name: HOSTILE,
    title: HOSTILE,
    items: [{ partId, quantity: 1 }],
    publishedAt: new Date(),
  });
  await t.database.db
    .insert(reviews)
    .values({ id: newId(), name: HOSTILE, description: HOSTILE, image: `/images/${HOSTILE}`, rating: 5 });
});

const PATH_PARAMETERS = ["$'", '$`', '$&', '$1', '%3C%2Fscript%3E', '%3C!--', '%E2%80%A8', '%01', '%22%3E'];

const PAGES = () => [
  '/',
  '/home',
  '/allparts',
  '/allreviews',
  `/parts/${partId}`,
  `/builds/${buildId}`,
  `/allparts?q=${encodeURIComponent(HOSTILE)}`,
  "/allparts?q=$'",
  ...PATH_PARAMETERS.map((parameter) => `/parts/${parameter}`),
];

describe('hostile text in stored fields and addresses', () => {
  it('leaves every server-drawn page one well-formed document whose app starts from its state', async () => {
    for (const url of PAGES()) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      const page = parsePage(response.body);
      // A control character in text is reported by the parser but changes no element; every
      // other error would mean the text escaped its place.
      expect(
        page.errors.filter((code) => code !== 'control-character-in-input-stream'),
        url,
      ).toEqual([]);

      const titles = page.head.filter((e) => e.tagName === 'title');
      const canonicals = page.head.filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical');
      expect(titles, url).toHaveLength(1);
      expect(canonicals, url).toHaveLength(1);
      expect(attr(canonicals[0] as Element, 'href'), url).toMatch(new RegExp(`^${ORIGIN}/`));
      for (const script of page.head.filter((e) => attr(e, 'type') === 'application/ld+json')) {
        expect(() => JSON.parse(text(script)) as unknown, url).not.toThrow();
      }

      // The body is #root, the state and the app's entry, last, exactly once each.
      const roots = page.body.filter((e) => attr(e, 'id') === 'root');
      const states = page.body.filter((e) => attr(e, 'id') === PAGE_STATE_ID);
      const entries = page.body.filter((e) => e.tagName === 'script' && attr(e, 'type') === 'module');
      expect(roots, url).toHaveLength(1);
      expect(states, url).toHaveLength(1);
      expect(
        entries.map((e) => attr(e, 'src')),
        url,
      ).toEqual(['/assets/entry.js']);
      expect(page.bodyElement.childNodes.filter(isElement).at(-1), url).toBe(entries[0]);
      const state = JSON.parse(text(states[0] as Element)) as { answers: { body: unknown }[] };
      if (!url.startsWith('/parts/$') && !url.startsWith('/parts/%')) {
        // What was stored comes back whole, as data.
        expect(JSON.stringify(state.answers), url).toContain(JSON.stringify(HOSTILE).slice(1, -1));
      }
    }
  });

  it('names the part in the title of its page, as text', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/parts/${partId}` });
    const title = parsePage(response.body).head.find((e) => e.tagName === 'title');
    expect(text(title as Element)).toBe(`${HOSTILE} | Parts Shop`);
  });
});
