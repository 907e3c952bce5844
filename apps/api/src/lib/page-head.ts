/**
 * What the server writes into a public page's <head> before any script runs: the title,
 * description, canonical address, Open Graph tags and structured data (JSON-LD). Crawlers,
 * link previews and assistants read these from the HTML alone.
 */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute address of the page's one true URL (no query, no tracking). */
  canonical: string;
  /** Absolute address of the page's picture, for link previews. */
  image?: string;
  type?: 'website' | 'product';
  /** schema.org objects, each written as its own JSON-LD block. */
  jsonLd?: readonly object[];
};

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/**
 * JSON inside a <script> element ends at the first "</script" whatever JSON thinks, so every
 * "<" (and the line separators some parsers choke on) is written as a JSON escape: a part
 * named `</script><script>alert(1)</script>` stays a string.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', 'Parts Shop'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`),
  ].join('');
}

/**
 * The page's HTML with its own title, description and head tags in place of the template's.
 * Each replacement is a function: in a replacement string `$'`, `$&` and the like are
 * patterns, and a part name or an address holding one would splice the page into itself.
 */
export function withPageHead(html: string, head: PageHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}">`,
    )
    .replace('</head>', () => `${headTags(head)}</head>`);
}
