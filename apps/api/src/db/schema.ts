import { sql, type AnyColumn } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AUDIT_ENTITIES, AUDIT_KINDS } from '@parts-shop/shared/audit';
import { DISCOUNT_KINDS } from '@parts-shop/shared/discount';
import { PART_KINDS } from '@parts-shop/shared/part-specs';
import { PAYMENT_INTENT_STATUSES } from '@parts-shop/shared/payment';
import { RETURN_REASONS, RETURN_STATUSES } from '@parts-shop/shared/refunds';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Raw bytes: node-postgres reads them as a Buffer, PGlite as a Uint8Array; both come back a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

// Columns are written out, not shared through helpers: a reader checks each migration against the table declared
// here.

// Ids are UUIDv7 (docs/product.md#ids): time-ordered, so "newest first" is `ORDER BY id DESC`
// on the primary key and keyset paging stays as fast on page 1,000 as on page 1.

/** Low stock: at or below `lowStockAt`, or five without one. A partial index holds just those parts. */
export const isLowStock = (available: AnyColumn, lowStockAt: AnyColumn) =>
  sql`${available} <= coalesce(${lowStockAt}, 5)`;

export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull(),
    img: text('img').notNull(),
    minOrder: integer('min_order').notNull(),
    available: integer('available').notNull(),
    priceCents: integer('price_cents').notNull(),
    kind: text('kind', { enum: PART_KINDS }).notNull().default('other'),
    /** The kind's specifications, validated by the shared partSpecsSchema before every write. */
    specs: jsonb('specs').$type<Record<string, unknown>>().notNull().default({}),
    /** Spec filter values as 'socket:AM5' (specFilterValues): one GIN index serves every spec filter and count. */
    specTags: text('spec_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bumped by every catalog edit (not by stock moves): the optimistic check of PATCH. */
    version: integer('version').notNull().default(1),
    /** Bumped by a trigger on any catalog or stock change, so an import can tell a part changed since its export. */
    revision: integer('revision').notNull().default(1),
    /** Kept in step with part_reviews, so catalog reads answer the average without a join (docs/decisions/0026). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The stock at or below which the admins are mailed, once per fall to it; null: never. */
    lowStockAt: integer('low_stock_at'),
    /** One unit's shipping weight, for options priced by weight. */
    weightGrams: integer('weight_grams').notNull().default(0),
    // The search document: brand and name first, spec values next, then the description.
    // 'simple' keeps model numbers and brand names as typed (no stemming, no stop words).
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', brand || ' ' || name), 'A') || setweight(jsonb_to_tsvector('simple', specs, '["string", "numeric"]'), 'B') || setweight(to_tsvector('simple', description), 'C')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('parts_available_non_negative', sql`${t.available} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrder} >= 1`),
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    check('parts_kind_valid', sql`${t.kind} in (${sql.raw(PART_KINDS.map((k) => `'${k}'`).join(', '))})`),
    check('parts_version_positive', sql`${t.version} >= 1`),
    check('parts_revision_positive', sql`${t.revision} >= 1`),
    check('parts_low_stock_at_non_negative', sql`${t.lowStockAt} >= 0`),
    check('parts_weight_grams_non_negative', sql`${t.weightGrams} >= 0`),
    check('parts_rating_sum_in_range', sql`${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`),
    index('parts_search_idx').using('gin', t.search),
    index('parts_spec_tags_idx').using('gin', t.specTags),
    index('parts_price_idx').on(t.priceCents, t.id),
    index('parts_kind_idx').on(t.kind, t.id),
    index('parts_kind_price_idx').on(t.kind, t.priceCents, t.id),
    // The facet counts group parts by these three: read from this index alone, in order.
    index('parts_facets_idx').on(t.kind, t.brand, t.specTags),
    index('parts_brand_idx').on(t.brand, t.id),
    index('parts_low_stock_idx').on(t.available, t.name).where(isLowStock(t.available, t.lowStockAt)),
  ],
);

/**
 * Brand and name words for typo tolerance and "did you mean" (trigram index), kept by triggers on parts. Words of
 * deleted parts stay; they cost only a useless alternative.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * Each word of each part's search document with its best weight, kept by triggers, read in index order by best-match
 * search (docs/decisions/0035). `term` is COLLATE "C", so a prefix is one range.
 */
export const partSearchTerms = pgTable(
  'part_search_terms',
  {
    term: text('term').notNull(),
    partId: uuid('part_id').notNull(),
    weight: smallint('weight').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.term] }),
    index('part_search_terms_term_idx').on(t.term, t.weight, t.partId),
  ],
);

/** Facet counts kept by triggers, so facets read a few rows, not the catalog (docs/decisions/0024). */
export const partFacetGroups = pgTable(
  'part_facet_groups',
  {
    kind: text('kind', { enum: PART_KINDS }).notNull(),
    brand: text('brand').notNull().default(''),
    specTags: text('spec_tags').array().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.brand, t.specTags] })],
);

/** Parts of a kind per spec value: a list counts each element; numbers give a spec's range. */
export const partSpecValues = pgTable(
  'part_spec_values',
  {
    kind: text('kind', { enum: PART_KINDS }).notNull(),
    field: text('field').notNull(),
    value: jsonb('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.field, t.value] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    rating: integer('rating').notNull(),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 0 and 5`)],
);

/** Photos when PHOTO_STORE is `database` (docs/decisions/0039): every process serves them, backups hold them. */
export const photos = pgTable(
  'photos',
  {
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('photos_size_is_bytes', sql`${t.size} = octet_length(${t.bytes})`)],
);

/** A buyer's rating of a part they paid for: one per customer and part (docs/decisions/0026). */
export const partReviews = pgTable(
  'part_reviews',
  {
    id: uuid('id').primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    authorEmail: text('author_email')
      .notNull()
      .references(() => users.email),
    /** The author's name on their profile when they rated; empty when they had none. */
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('part_reviews_part_author_idx').on(t.partId, t.authorEmail),
    index('part_reviews_part_id_idx').on(t.partId, t.id),
    check('part_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const users = pgTable(
  'users',
  {
    email: text('email').primaryKey(),
    // The Firebase account this row belongs to: set by the first sign-in, changed only by a
    // verified identity (users.service.ts). Null until then (demo seed).
    uid: text('uid'),
    // Part of every API token; bumping it (rebinding, role change, sign out everywhere)
    // makes every token issued before answer 401.
    tokenVersion: integer('token_version').notNull().default(0),
    // Whether Firebase says the account proved it owns the address, as of the last sign-in or
    // account check: the shop mails only verified addresses and makes only them admins.
    emailVerified: boolean('email_verified').notNull().default(false),
    userName: text('user_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    education: text('education').notNull().default(''),
    address: text('address').notNull().default(''),
    linkedIn: text('linked_in').notNull().default(''),
    role: text('role', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_role_valid', sql`${t.role} in ('admin', 'customer')`)],
);

/** A customer's address book: one default at most, kept by a partial unique index. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey(),
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_addresses_email_idx').on(t.email, t.id),
    uniqueIndex('user_addresses_one_default_idx')
      .on(t.email)
      .where(sql`${t.isDefault}`),
    check('user_addresses_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** The owner's shipping zones and tax rates, each one document validated by its shared schema before every write. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    name: text('name', { enum: ['shipping', 'taxes'] }).primaryKey(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_name_valid', sql`${t.name} in ('shipping', 'taxes')`)],
);

/** Tokens a Logout ended (by `jti`), until they expire: one device signs out, not the others. */
export const revokedTokens = pgTable('revoked_tokens', {
  tokenId: text('token_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Order numbers (PS-000123): unique and increasing across processes without a lock; a rollback leaves a harmless gap.
 */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    email: text('email')
      .notNull()
      .references(() => users.email),
    userName: text('user_name').notNull(),
    // The lines' summary, written once (lines never change), so search, caps and the gateway need no join.
    productName: text('product_name').notNull(),
    totalOrder: integer('total_order').notNull(),
    totalCents: integer('total_cents').notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    paid: boolean('paid').notNull().default(false),
    shipped: boolean('shipped').notNull().default(false),
    // Not unique: one payment for several orders (a payment group) pays each of them.
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    // Set when an expiry sweep takes the order to cancel it, so another process skips it.
    expiryClaimedAt: timestamp('expiry_claimed_at', { withTimezone: true }),
    // A cancelled order stays on record (docs/decisions/0030-refunds-through-one-path.md): when, by
    // whom (null: the unpaid hold ran out) and why.
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    // Kept in step with order_refunds under the order's lock; the checks make over-refunding
    // impossible whatever the code does.
    refundedCents: integer('refunded_cents').notNull().default(0),
    // Who placed it for the customer: an AI assistant's name (modules/ucp); null for the web shop.
    origin: text('origin'),
    /** Placed from a build (POST /orders/batch): Manage Orders folds its lines; it may become a completed build. */
    fromBuild: boolean('from_build').notNull().default(false),
    // The postal address; orders from before it had fields hold their text in line1, in the home country.
    shipName: text('ship_name').notNull().default(''),
    shipLine1: text('ship_line1').notNull().default(''),
    shipLine2: text('ship_line2').notNull().default(''),
    shipCity: text('ship_city').notNull().default(''),
    shipRegion: text('ship_region').notNull().default(''),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull().default('US'),
    // The checkout engine's answer, stored once and never worked out again (docs/decisions/0052). A null
    // subtotal is an order from before shipping and tax: its goods are its total.
    subtotalCents: integer('subtotal_cents'),
    shippingOptionId: text('shipping_option_id'),
    shippingTitle: text('shipping_title'),
    shippingCarrier: text('shipping_carrier'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_origin_idx')
      .on(t.origin, t.id)
      .where(sql`${t.origin} is not null`),
    index('orders_email_idx').on(t.email, t.id),
    index('orders_status_idx').on(t.paid, t.shipped, t.id),
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`not ${t.paid}`),
    index('orders_unpaid_email_idx')
      .on(t.email)
      .where(sql`not ${t.paid}`),
    check('orders_quantity_positive', sql`${t.totalOrder} > 0`),
    check('orders_shipped_after_paid', sql`not ${t.shipped} or ${t.paid}`),
    check('orders_paid_has_transaction', sql`not ${t.paid} or ${t.transactionId} is not null`),
    check('orders_refunded_within_total', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check('orders_refunded_only_paid', sql`${t.paid} or ${t.refundedCents} = 0`),
    check(
      'orders_total_adds_up',
      sql`${t.subtotalCents} is null or ${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + case when ${t.pricesIncludeTax} then 0 else ${t.taxCents} end`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.shippingTaxCents} between 0 and ${t.taxCents}`,
    ),
    // The monthly tax report reads paid orders by destination.
    index('orders_paid_destination_idx')
      .on(t.paidAt, t.shipCountry, t.shipRegion)
      .where(sql`${t.paidAt} is not null`),
    index('orders_cancelled_idx')
      .on(t.id)
      .where(sql`${t.cancelledAt} is not null`),
    // The admin overview (docs/decisions/0031-the-admin-overview.md): a window's money paid and
    // orders placed read only that window; what waits to ship or be paid reads only open orders.
    index('orders_paid_at_idx')
      .on(t.paidAt, t.totalCents)
      .where(sql`${t.paidAt} is not null`),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_open_idx')
      .on(t.paid)
      .where(sql`${t.cancelledAt} is null and not ${t.shipped}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // A deleted part leaves its lines intact: they keep name, quantity and price.
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    // Units of this line put back on the shelf (a cancel, a refund, a received return), raised
    // under the order's lock; its check keeps any mix of them within what the line sold.
    restockedUnits: integer('restocked_units').notNull().default(0),
    // The line's tax, worked out once when the order was placed.
    taxCents: integer('tax_cents').notNull().default(0),
    // The line's share of the order's discounts (docs/product.md#discounts): what was paid is the price less this.
    discountCents: integer('discount_cents').notNull().default(0),
    // The order's paid_at while it stands, kept by triggers (docs/decisions/0031), so best sellers need no join.
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.id),
    index('order_lines_sold_idx')
      .on(t.soldAt)
      .where(sql`${t.soldAt} is not null`),
    // A part's buyers (reviews) and its unpaid orders (expiry when the part is read).
    index('order_lines_part_idx').on(t.partId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_not_negative', sql`${t.unitPriceCents} >= 0`),
    check('order_lines_restocked_within_quantity', sql`${t.restockedUnits} between 0 and ${t.quantity}`),
    check('order_lines_tax_not_negative', sql`${t.taxCents} >= 0`),
    check(
      'order_lines_discount_within_price',
      sql`${t.discountCents} between 0 and ${t.unitPriceCents} * ${t.quantity}`,
    ),
  ],
);

/**
 * Discount codes and automatic promotions (docs/product.md#discounts). A null code is automatic. `value` is hundredths
 * of a percent for a percentage, cents for the fixed kinds, 0 for free shipping.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey(),
    code: text('code'),
    title: text('title').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    value: integer('value').notNull(),
    parts: uuid('parts')
      .array()
      .notNull()
      .default(sql`'{}'`),
    kinds: text('kinds')
      .array()
      .notNull()
      .default(sql`'{}'`),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'`),
    minSubtotalCents: integer('min_subtotal_cents'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combinable: boolean('combinable').notNull(),
    priority: integer('priority').notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes match without regard to case, so two codes differing only in case cannot both exist.
    uniqueIndex('discounts_code_idx')
      .on(sql`upper(${t.code})`)
      .where(sql`${t.code} is not null`),
    index('discounts_automatic_idx')
      .on(t.priority, t.id)
      .where(sql`${t.code} is null and not ${t.paused}`),
    check('discounts_kind_valid', sql`${t.kind} in ('percentage', 'fixed_order', 'fixed_item', 'free_shipping')`),
    check(
      'discounts_value_valid',
      sql`case ${t.kind} when 'percentage' then ${t.value} between 1 and 10000 when 'free_shipping' then ${t.value} = 0 else ${t.value} > 0 end`,
    ),
    check(
      'discounts_limits_positive',
      sql`coalesce(${t.usageLimit}, 1) >= 1 and coalesce(${t.perCustomerLimit}, 1) >= 1 and coalesce(${t.minSubtotalCents}, 1) >= 1`,
    ),
    check(
      'discounts_ends_after_start',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * The discounts an order carries, in the order they were applied, with what each took off (free shipping: the
 * shipping). A row is also the order's use of the discount: a limit counts the rows not released
 * (docs/decisions/0053-discount-limits.md); a cancelled, expired or failed order releases its rows.
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    email: text('email').notNull(),
    code: text('code'),
    title: text('title').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    position: smallint('position').notNull(),
    amountCents: integer('amount_cents').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.discountId] }),
    index('order_discounts_live_idx')
      .on(t.discountId, t.email)
      .where(sql`${t.releasedAt} is null`),
    check('order_discounts_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** Staff notes on an order: admins alone read them (docs/product.md#staff-notes); never in an order's answer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_notes_order_idx').on(t.orderId, t.id),
    check('order_notes_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/** A build a customer built from a shipped build order (docs/product.md#completed-builds): one per order. */
export const completedBuilds = pgTable(
  'completed_builds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    email: text('email')
      .notNull()
      .references(() => users.email),
    title: text('title').notNull(),
    story: text('story').notNull(),
    /** The shop's own uploaded photos (site paths), re-encoded on upload. */
    photos: jsonb('photos').$type<string[]>().notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('completed_builds_order_idx').on(t.orderId),
    index('completed_builds_shown_idx')
      .on(t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
  ],
);

/** An admin's refund, written under the order's lock before the gateway is asked; its id is the idempotency key. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: text('payment_id').notNull(),
    gateway: text('gateway', { enum: ['local', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    cause: text('cause', { enum: ['cancel', 'refund', 'return'] }).notNull(),
    reason: text('reason').notNull(),
    // The line the refund was for, when the admin named one (its units are the ones restocked).
    lineId: uuid('line_id').references(() => orderLines.id),
    // A refund of the order's shipping (with its tax).
    shipping: boolean('shipping').notNull().default(false),
    // The part of the amount that was tax, and the part that was shipping before its tax: the tax report's split.
    taxCents: integer('tax_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    restockedUnits: integer('restocked_units').notNull().default(0),
    createdBy: text('created_by').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_created_idx').on(t.createdAt, t.amountCents),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'order_refunds_tax_within_amount',
      sql`${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} + ${t.shippingCents} <= ${t.amountCents}`,
    ),
  ],
);

export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** [{ partId, quantity }], checked against the order when asked. */
    lines: jsonb('lines').$type<{ partId: string; quantity: number }[]>().notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    restocked: boolean('restocked').notNull().default(false),
    refundedCents: integer('refunded_cents').notNull().default(0),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId)],
);

/**
 * Several orders paid by one payment. The member key (digest of the sorted ids) makes double clicks share one intent.
 */
export const paymentGroups = pgTable(
  'payment_groups',
  {
    id: uuid('id').primaryKey(),
    email: text('email')
      .notNull()
      .references(() => users.email),
    memberKey: text('member_key').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_groups_member_key_idx').on(t.email, t.memberKey)],
);

/** No foreign key to orders: a payment for a group with a cancelled order is refunded, not lost. */
export const paymentGroupOrders = pgTable(
  'payment_group_orders',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => paymentGroups.id),
    orderId: uuid('order_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.orderId] }), index('payment_group_orders_order_idx').on(t.orderId)],
);

/** Payment intents (the local ledger, or Stripe's mirrored); no foreign key, so a payment is never lost. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id'),
    groupId: uuid('group_id').references(() => paymentGroups.id),
    gateway: text('gateway', { enum: ['local', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull().default('requires_payment_method'),
    // Two clicks on Pay ask for the same intent; the key makes the second one find the first.
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_group_idx').on(t.groupId),
    uniqueIndex('payments_idempotency_key_idx').on(t.gateway, t.idempotencyKey),
    check('payments_pays_one_thing', sql`num_nonnulls(${t.orderId}, ${t.groupId}) = 1`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The settlement's refunds of payments no order can take (a duplicate, an order gone, another amount). Written before
 * the gateway is asked, one per payment, so none is made twice or forgotten.
 */
export const strayPaymentRefunds = pgTable('stray_payment_refunds', {
  paymentId: text('payment_id').primaryKey(),
  orderId: uuid('order_id'),
  groupId: uuid('group_id'),
  gateway: text('gateway', { enum: ['local', 'stripe'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason', { enum: ['duplicate', 'order-gone', 'mismatch'] }).notNull(),
  status: text('status', { enum: ['pending', 'succeeded'] })
    .notNull()
    .default('pending'),
  refundId: text('refund_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The admin's one reply, emailed to `email` through the outbox. */
    reply: text('reply'),
    repliedBy: text('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_unread_idx')
      .on(t.id)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The audit log, written in the changing transaction; append-only, a trigger refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    actorEmail: text('actor_email').notNull(),
    actorUid: text('actor_uid'),
    actorName: text('actor_name').notNull().default(''),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('audit_log_kind_valid', sql`${t.kind} in (${sql.raw(AUDIT_KINDS.map((k) => `'${k}'`).join(', '))})`),
    index('audit_log_kind_idx').on(t.kind, t.id),
  ],
);

/**
 * The email outbox: written in the transaction of the change it reports, so a crash loses none. The payload is a
 * snapshot; the Message-ID is fixed so a retry is the same message.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey(),
    messageId: text('message_id').notNull().unique(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    // The daily budget per recipient counts what each was sent in the last day.
    index('email_outbox_recipient_sent_idx')
      .on(t.recipient, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/** Answers to keyed order requests, written with the orders: a retry finds nothing or the whole answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A digest of the route and the request body, so the same key cannot stand for another request. */
    requestHash: text('request_hash').notNull(),
    /** The first request's answer; null only inside the transaction that claimed the key. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.key] })],
);

/** Named leases held by one process at a time: a dead holder stops renewing and another takes over. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
/** One row per worker process, renewed while it runs: how every process counts the workers (docs/deploy.md#roles). */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  processId: text('process_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
/** Rate-limit counts on PostgreSQL, so every process counts against one total. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_ends_at_idx').on(t.endsAt)],
);
export const builds = pgTable(
  'builds',
  {
    id: uuid('id').primaryKey(),
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    items: jsonb('items').$type<{ partId: string; quantity: number }[]>().notNull(),
    /** The parts' total when the items were last saved, so the build can show then and now. */
    savedTotalCents: integer('saved_total_cents'),
    /** The title a published build goes by on its public page (docs/decisions/0048-published-builds.md). */
    title: text('title'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('builds_email_idx').on(t.email, t.id),
    index('builds_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    check('builds_published_has_title', sql`${t.publishedAt} is null or ${t.title} is not null`),
  ],
);

/** Every price a part has had, written by a trigger on parts, whatever path changed it (docs/decisions/0025). */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_part_idx').on(t.partId, t.at)],
);

export const ALERT_TYPES = ['price-below', 'back-in-stock'] as const;

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey(),
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    /** The price to reach, for price-below; null for back-in-stock. */
    priceCents: integer('price_cents'),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alerts_type_valid', sql`${t.type} in ('price-below', 'back-in-stock')`),
    check(
      'alerts_price_fits_type',
      sql`(${t.type} = 'price-below') = (${t.priceCents} is not null) and coalesce(${t.priceCents}, 1) > 0`,
    ),
    index('alerts_email_idx').on(t.email, t.id),
    index('alerts_waiting_idx')
      .on(t.partId)
      .where(sql`${t.firedAt} is null`),
  ],
);

export const UCP_SESSION_STATUSES = [
  'incomplete',
  'ready_for_complete',
  'complete_in_progress',
  'completed',
  'canceled',
] as const;

/** A UCP checkout: only the assistant's inputs; prices and stock are read afresh, none held until complete. */
export const ucpCheckoutSessions = pgTable(
  'ucp_checkout_sessions',
  {
    id: uuid('id').primaryKey(),
    /** The assistant's profile address from its UCP-Agent header; only it may read the session. */
    agent: text('agent').notNull(),
    agentName: text('agent_name').notNull(),
    status: text('status', { enum: UCP_SESSION_STATUSES }).notNull(),
    inputs: jsonb('inputs').notNull(),
    /** The order complete placed; set while a declined payment waits for another try, too. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'ucp_checkout_sessions_status_valid',
      sql`${t.status} in ('incomplete', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled')`,
    ),
    index('ucp_checkout_sessions_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('ucp_checkout_sessions_agent_idx')
      .on(t.agent)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/** Approved AI assistants; only the API key's SHA-256 is kept. A revoked row stays for the record. */
export const assistants = pgTable(
  'assistants',
  {
    id: uuid('id').primaryKey(),
    profile: text('profile').notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    approvedBy: text('approved_by').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assistants_profile_approved_idx')
      .on(t.profile)
      .where(sql`${t.revokedAt} is null`),
    uniqueIndex('assistants_key_hash_idx').on(t.keyHash),
  ],
);

/** Answers to an assistant's keyed writes (UCP Idempotency-Key): the request's digest and the answer. Kept a day. */
export const ucpIdempotencyKeys = pgTable(
  'ucp_idempotency_keys',
  {
    agent: text('agent').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request with the key is still running. */
    statusCode: integer('status_code'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agent, t.key] }), index('ucp_idempotency_keys_created_idx').on(t.createdAt)],
);

export const UCP_ORDER_EVENTS = ['created', 'shipped', 'canceled', 'refunded', 'returned'] as const;

/**
 * Order webhooks' outbox: one row per change of an assistant's order, written with the change, delivered until a 2xx.
 */
export const ucpOrderWebhooks = pgTable(
  'ucp_order_webhooks',
  {
    /** Also the Webhook-Id header: the same on every attempt. */
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** The assistant's profile address; its order capability names the webhook. */
    agent: text('agent').notNull(),
    event: text('event', { enum: UCP_ORDER_EVENTS }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'ucp_order_webhooks_event_valid',
      sql`${t.event} in ('created', 'shipped', 'canceled', 'refunded', 'returned')`,
    ),
    index('ucp_order_webhooks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    index('ucp_order_webhooks_order_idx').on(t.orderId),
  ],
);
