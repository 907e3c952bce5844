/** Signed-in screens and the JSON API are not pages to index (the API's description stays readable). */
export function robotsTxt(origin: string, apiBase: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /purchase/',
    'Disallow: /auth/',
    `Disallow: ${apiBase}/`,
    `Allow: ${apiBase}/docs`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
