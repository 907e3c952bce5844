/**
 * Every TanStack Query key of the web app (and the one mutation key that is looked up). No
 * feature writes a key of its own, so features that must not import each other still agree
 * on what a key means and what a prefix refreshes (docs/architecture.md#module-boundaries).
 *
 * Keys nest under one prefix per resource, so a change refreshes everything about it with one
 * call: adding or deleting a part invalidates `queryKeys.parts.all` and the newest part is at
 * once first on Home, on /allparts and in the admin table; a payment, a cancel or a new order
 * invalidates `queryKeys.orders.all` (every list and every single order); Make Admin
 * invalidates `queryKeys.users.all` (the list and any open profile).
 */
export const queryKeys = {
  parts: {
    all: ['parts'] as const,
    /** Home's Latest Deals: the first `size` parts. */
    latest: (size: number) => ['parts', 'latest', size] as const,
    /** The /allparts catalog: infinite pages of one GET /parts path (search, filters, sort and size). */
    catalog: (path: string) => ['parts', 'catalog', path] as const,
    /** The catalog's counts per kind and spec value: one GET /parts/facets path. */
    facets: (path: string) => ['parts', 'facets', path] as const,
    /** The admin's Manage Products table: infinite pages of one GET /admin/parts path (search, kind, sort, low stock). */
    manage: (path: string) => ['parts', 'manage', path] as const,
    /** Every view of Manage Products, so a delete drops its row from each at once. */
    manageAll: ['parts', 'manage'] as const,
    /** GET /parts/{id}. */
    detail: (id: string) => ['parts', 'detail', id] as const,
    /** GET /parts/{id}/price-history: under the part, so a price edit refreshes it. */
    priceHistory: (id: string) => ['parts', 'detail', id, 'price-history'] as const,
    /** GET /parts/{id}/reviews: its buyers' ratings, a page at a time. */
    reviews: (id: string) => ['parts', 'reviews', id] as const,
    /** GET /parts/{id}/reviews/eligibility: whether this user may rate it (so, per user). */
    ratingEligibility: (id: string, email: string) => ['parts', 'reviews', id, 'eligibility', email] as const,
    /** The build planner's picker: a slot's candidates, in the picker's own narrow shape. */
    planner: {
      candidates: (kind: string, search: string, inStockOnly: boolean) =>
        ['parts', 'planner', 'candidates', kind, search, inStockOnly] as const,
      /** The build's parts by id (GET /parts?ids=), the ids sorted and comma-separated. */
      build: (ids: string) => ['parts', 'planner', 'build', ids] as const,
      /** POST /builds/check of the build's items (`id:quantity`, comma-separated): its stock and alternatives. */
      check: (items: string) => ['parts', 'planner', 'check', items] as const,
    },
  },
  builds: {
    all: ['builds'] as const,
    /** GET /builds: the signed-in customer's saved builds. */
    mine: (email: string) => ['builds', 'mine', email] as const,
    /** GET /builds/public: the gallery of published builds, a page at a time. */
    gallery: (limit: number) => ['builds', 'public', 'pages', limit] as const,
    /** GET /builds/public/{id}: one published build. */
    published: (id: string) => ['builds', 'public', id] as const,
  },
  alerts: {
    all: ['alerts'] as const,
    /** GET /alerts: the signed-in customer's price and stock alerts. */
    mine: (email: string) => ['alerts', 'mine', email] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    latest: (size: number) => ['reviews', 'latest', size] as const,
    pages: (size: number) => ['reviews', 'pages', size] as const,
  },
  /** GET /admin/overview for a window of days: under no resource, so read again on every visit instead. */
  overview: (days: number) => ['overview', days] as const,
  orders: {
    all: ['orders'] as const,
    /** My Orders: the signed-in customer's orders, a page at a time. */
    mine: (email: string) => ['orders', 'mine', email] as const,
    /** Manage Orders (admin): one tab's orders for one search and customer, a page at a time. */
    everyone: (tab: string, q: string, customer: string) => ['orders', 'everyone', tab, q, customer] as const,
    /** Manage Orders' tab counts for one search and customer. */
    counts: (q: string, customer: string) => ['orders', 'counts', q, customer] as const,
    /** GET /orders/unpaid: My Orders' "Pay all unpaid (N orders, $X)" and the navbar's cart. */
    unpaid: (email: string) => ['orders', 'unpaid', email] as const,
    /** GET /orders/{id}, which also reconciles a payment the gateway already recorded. */
    detail: (id: string) => ['orders', 'detail', id] as const,
    /** GET /orders/{id}/detail: the order page and receipt (items, customer, payment, timeline). */
    receipt: (id: string) => ['orders', 'receipt', id] as const,
    /** GET /orders/{id}/refunds: the order's refunds and return requests. */
    refundsAndReturns: (id: string) => ['orders', 'refunds-and-returns', id] as const,
    /** GET /returns (admin): Manage Orders' return requests, open ones or all; under orders, so a decision refreshes it. */
    returns: (status: string) => ['orders', 'returns', status] as const,
    /** The Ship mutations, so each row can tell whether its own request is on its way. */
    ship: ['orders', 'ship'] as const,
    /** GET /users/{email}/summary (admin): the customer page; under orders, so a refund or a ship refreshes it. */
    customer: (email: string) => ['orders', 'customer', email] as const,
    /** GET /orders/{id}/packing-slip (admin). */
    packingSlip: (id: string) => ['orders', 'packing-slip', id] as const,
  },
  /** GET /assistants (admin): the approved AI assistants; approving and revoking refresh it. */
  assistants: ['assistants'] as const,
  audit: {
    /** The audit log, newest first, of one kind of change or ('') all. */
    list: (kind: string) => ['audit', kind] as const,
  },
  messages: {
    all: ['messages'] as const,
    /** The admins' inbox, newest first, a page at a time. */
    inbox: ['messages', 'inbox'] as const,
    /** How many contact messages no admin has opened: the admin menu's badge. */
    unread: ['messages', 'unread'] as const,
  },
  users: {
    all: ['users'] as const,
    /** Make Admin's list of users matching a search, a page at a time. */
    list: (q: string) => ['users', 'list', q] as const,
    /** Who made whom admin or removed it, newest first. */
    roleChanges: ['users', 'role-changes'] as const,
    /**
     * GET /users/{email}, the whole profile. Queries that keep only part of it (Add Review's
     * default name) sit under this key with an extra segment, so invalidating it after a
     * profile update refreshes them too without sharing a cache entry of another shape.
     */
    profile: (email: string) => ['users', 'profile', email] as const,
    /** Add Review's default name: only {userName} of the profile. */
    reviewerName: (email: string) => ['users', 'profile', email, 'reviewer-name'] as const,
  },
  /** Everything cached about the session itself; dropped on sign-out. */
  auth: {
    all: ['auth'] as const,
    /** GET /admin/{email}: whether the server counts this user as an admin. */
    admin: (email: string) => ['auth', 'admin', email.toLowerCase()] as const,
  },
  /** POST /create-payment-intent for one order (held as a query: asked once per visit). */
  paymentIntent: (orderId: string) => ['payment-intent', orderId] as const,
  /** POST /create-payment-intent for several orders (a payment group), by their ids. */
  groupPaymentIntent: (orderIds: readonly string[]) => ['payment-intent', 'group', ...orderIds] as const,
  /** GET /config: the browser's Firebase settings and the card gateway, fixed per server process. */
  clientConfig: ['config'] as const,
} as const;
