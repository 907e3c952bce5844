import { idSchema } from '@parts-shop/shared/fields';
import { formatDollars } from '@parts-shop/shared/money';
import type { Part } from '@parts-shop/shared/part';
import type { Deps } from '../lib/deps.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PageHead } from '../lib/page-head.ts';
import type { PageReads } from '../lib/page-reads.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { absoluteUrl, organizationJsonLd, productJsonLd, webSiteJsonLd } from './json-ld.ts';

export type PublicPage = { head: PageHead; status: number };

const DESCRIPTION_MAX = 160;
const shorten = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

/**
 * The head of each public page, decided on the server: its own title, description, canonical
 * address and Open Graph tags, the shop's Organization and WebSite on Home, and a part's
 * Product and Offer on its page, from the page's own read of the part (lib/page-reads.ts), the
 * one its body is drawn from. A part that does not exist is a 404 page.
 */
export function createPublicPageHeads(deps: Deps) {
  const origin = siteOrigin(deps.config);
  const page = (path: string, title: string, description: string, extra: Partial<PageHead> = {}): PublicPage => ({
    status: 200,
    head: { title, description, canonical: `${origin}${path}`, image: `${origin}/favicon.svg`, ...extra },
  });
  const home = () =>
    page(
      '/',
      'Parts Shop — computer parts for PC builders',
      'CPUs, graphics cards, motherboards, memory, storage and more for shoppers and DIY PC builders, with a build planner that checks compatibility.',
      { jsonLd: [organizationJsonLd(origin), webSiteJsonLd(origin)] },
    );
  const fixed: Record<string, () => PublicPage> = {
    '/': home,
    '/home': home,
    '/allparts': () =>
      page(
        '/allparts',
        'All Parts | Parts Shop',
        'Search and filter every part by kind, price, stock, socket, memory type and form factor.',
      ),
    '/allreviews': () =>
      page('/allreviews', 'All Reviews | Parts Shop', 'What Parts Shop customers say about their parts and orders.'),
    '/build': () =>
      page(
        '/build',
        'Plan a Build | Parts Shop',
        'Plan a PC build part by part: the planner checks that the parts fit together and adds up the total and the power draw.',
      ),
  };

  return async function publicPage(path: string, reads: PageReads): Promise<PublicPage | null> {
    const known = fixed[path];
    if (known) return known();
    const idText = /^\/parts\/([^/]+)$/.exec(path)?.[1];
    if (idText === undefined) return null;
    const notFound = page(path, 'Part not found | Parts Shop', 'This part is not in the catalog.');
    const parsedId = idSchema.safeParse(idText);
    if (!parsedId.success) return { ...notFound, status: 404 };
    const partId = parsedId.data;
    const answer = await reads(`${deps.config.API_BASE_PATH}/parts/${partId}`);
    if (answer.status === 404) return { ...notFound, status: 404 };
    // A database too busy or away is the page's answer too, not a 500.
    if (answer.status === 503) throw new HttpError(503, ((await answer.json()) as { message: string }).message);
    if (!answer.ok) throw new Error(`The part's read answered ${answer.status}`);
    // The API's own answer, checked against partSchema as it was sent.
    const part = (await answer.json()) as Part;
    const stock = part.available > 0 ? 'In stock' : 'Out of stock';
    return page(
      path,
      `${part.name} | Parts Shop`,
      shorten(`${formatDollars(part.price)}. ${stock}. ${part.description}`),
      {
        type: 'product',
        image: absoluteUrl(origin, part.img),
        jsonLd: [productJsonLd({ ...part, id: part._id }, origin)],
      },
    );
  };
}
