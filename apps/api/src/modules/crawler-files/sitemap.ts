/** Well under the protocol's 50,000 URLs per file, so each file stays small and quick to make. */
export const PARTS_PER_SITEMAP = 10_000;

/** The newest published builds, in one file: the protocol's most URLs per file. */
export const BUILDS_PER_SITEMAP = 50_000;

export type SitemapEntry = { loc: string; lastmod?: Date };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const entryXml = (tag: 'url' | 'sitemap', entry: SitemapEntry) =>
  `<${tag}><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

export function urlSetXml(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((e) => entryXml('url', e)).join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((e) => entryXml('sitemap', e)).join('\n')}\n</sitemapindex>\n`;
}
