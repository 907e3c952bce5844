import { idSchema } from '@parts-shop/shared/fields';
import { formatDollars } from '@parts-shop/shared/money';
import type { Part } from '@parts-shop/shared/part';
import type { PublicBuild } from '@parts-shop/shared/build';
import { VERIFIED_ORDER_LABEL, type CompletedBuild } from '@parts-shop/shared/completed-build';
import type { Deps } from '#api/deps.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PageHead } from '../lib/page-head.ts';
import type { PageReads } from '../lib/page-reads.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { absoluteUrl, buildJsonLd, organizationJsonLd, productJsonLd, webSiteJsonLd } from './json-ld.ts';
import { plural } from '@parts-shop/shared/plural';

export type PublicPage = { head: PageHead; status: number };

const DESCRIPTION_MAX = 160;
const shorten = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

/** Each public page's head, from the same reads as its body; a missing part is a 404 page. */
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
    '/builds': () =>
      page(
        '/builds',
        'Published Builds | Parts Shop',
        'PC builds Parts Shop customers have planned and shared, with their parts and today’s total. Start from any of them.',
      ),
    '/completed-builds': () =>
      page(
        '/completed-builds',
        'Completed Builds | Parts Shop',
        'PCs Parts Shop customers built from parts they ordered here, with their photos and stories. Each is built from a verified order.',
      ),
  };

  /** The answer of the page's own read of `apiPath`, or null for a 404; a busy database is the page's 503. */
  const read = async <T>(reads: PageReads, apiPath: string): Promise<T | null> => {
    const answer = await reads(`${deps.config.API_BASE_PATH}${apiPath}`);
    if (answer.status === 404) return null;
    // A database too busy or away is the page's answer too, not a 500.
    if (answer.status === 503) throw new HttpError(503, ((await answer.json()) as { message: string }).message);
    if (!answer.ok) throw new Error(`The read of ${apiPath} answered ${answer.status}`);
    // The API's own answer, checked against its schema as it was sent.
    return (await answer.json()) as T;
  };

  /** A published build's page; private and unknown builds are the same 404. */
  const buildPage = async (path: string, idText: string, reads: PageReads): Promise<PublicPage> => {
    const notFound = { ...page(path, 'Build not found | Parts Shop', 'This build is not published.'), status: 404 };
    const id = idSchema.safeParse(idText);
    if (!id.success) return notFound;
    const build = await read<PublicBuild>(reads, `/builds/public/${id.data}`);
    if (!build) return notFound;
    const parts = plural(build.partCount, 'part');
    const by = build.builder ? ` by ${build.builder}` : '';
    return page(
      path,
      `${build.title} | Parts Shop`,
      shorten(
        `A PC build${by}: ${parts}, ${formatDollars(build.total)} today. ${build.lines.map((l) => l.name).join(', ')}.`,
      ),
      {
        ...(build.image ? { image: absoluteUrl(origin, build.image) } : {}),
        jsonLd: [buildJsonLd(build, origin)],
      },
    );
  };

  /** A completed build's page; hidden and unknown ones are the same 404. */
  const completedBuildPage = async (path: string, idText: string, reads: PageReads): Promise<PublicPage> => {
    const missing = page(path, 'Completed build not found | Parts Shop', 'This completed build is not shown.');
    const id = idSchema.safeParse(idText);
    const build = id.success ? await read<CompletedBuild>(reads, `/completed-builds/${id.data}`) : null;
    if (!build) return { ...missing, status: 404 };
    const by = build.builder ? ` by ${build.builder}` : '';
    return page(
      path,
      `${build.title} | Completed Builds | Parts Shop`,
      shorten(`${VERIFIED_ORDER_LABEL}${by}: ${plural(build.partCount, 'part')}. ${build.story}`),
      { image: absoluteUrl(origin, build.photo) },
    );
  };

  return async function publicPage(path: string, reads: PageReads): Promise<PublicPage | null> {
    const known = fixed[path];
    if (known) return known();
    const completedId = /^\/completed-builds\/([^/]+)$/.exec(path)?.[1];
    if (completedId !== undefined) return completedBuildPage(path, completedId, reads);
    const buildId = /^\/builds\/([^/]+)$/.exec(path)?.[1];
    if (buildId !== undefined) return buildPage(path, buildId, reads);
    const idText = /^\/parts\/([^/]+)$/.exec(path)?.[1];
    if (idText === undefined) return null;
    const notFound = page(path, 'Part not found | Parts Shop', 'This part is not in the catalog.');
    const parsedId = idSchema.safeParse(idText);
    if (!parsedId.success) return { ...notFound, status: 404 };
    const part = await read<Part>(reads, `/parts/${parsedId.data}`);
    if (!part) return { ...notFound, status: 404 };
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
