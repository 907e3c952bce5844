/** The public page's <head> before any script runs: crawlers, link previews and assistants read the HTML alone. */
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

/** JSON in a <script> ends at the first "</script", so every "<" (and line separator) is escaped. */
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

/** Replacements are functions: in a replacement string `$'` and `$&` are patterns a part name could hold. */
export function withPageHead(html: string, head: PageHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}">`,
    )
    .replace('</head>', () => `${headTags(head)}</head>`);
}
