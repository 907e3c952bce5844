import { centsToPriceString, dollarsToCents } from '@parts-shop/shared/money';
import type { ItemAvailability, ItemList, Organization, Product, WebSite, WithContext } from 'schema-dts';

/** schema.org structured data for search engines and shopping assistants, typed by schema-dts. */

export type JsonLdPart = {
  id: string;
  name: string;
  description: string;
  img: string;
  price: number;
  available: number;
  kind?: string;
  rating: { average: number; count: number };
};

const SHOP_NAME = 'Parts Shop';

/** An address the shop serves itself (`/images/...`) made absolute; other hosts' stay as given. */
export const absoluteUrl = (origin: string, href: string) => new URL(href, `${origin}/`).toString();

export function productJsonLd(part: JsonLdPart, origin: string): WithContext<Product> {
  const url = `${origin}/parts/${part.id}`;
  const availability: ItemAvailability =
    part.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: part.name,
    description: part.description,
    image: absoluteUrl(origin, part.img),
    sku: part.id,
    category: part.kind,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: centsToPriceString(dollarsToCents(part.price)),
      priceCurrency: 'USD',
      availability,
      seller: { '@type': 'Organization', name: SHOP_NAME, url: `${origin}/` },
    },
    // schema.org's rule: no aggregate without at least one rating.
    ...(part.rating.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: part.rating.average,
        ratingCount: part.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

// Each block is written out whole, to compare with schema.org's examples; schema-dts checks each literal.
export function organizationJsonLd(origin: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
  };
}

/** The site, with a search box that lands on the catalog's own search. */
export function webSiteJsonLd(origin: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/allparts?q={search_term_string}` },
      // schema-dts has no type for Google's "required name=…" input convention.
      'query-input': 'required name=search_term_string',
    } as WebSite['potentialAction'],
  };
}

export type JsonLdBuild = {
  id: string;
  title: string;
  lines: readonly { partId: string; name: string; quantity: number }[];
};

/** A published build: the list of its parts, each linking to the part's own page. */
export function buildJsonLd(build: JsonLdBuild, origin: string): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    '@id': `${origin}/builds/${build.id}`,
    name: build.title,
    url: `${origin}/builds/${build.id}`,
    numberOfItems: build.lines.length,
    itemListElement: build.lines.map((line, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name,
      url: `${origin}/parts/${line.partId}`,
    })),
  };
}
