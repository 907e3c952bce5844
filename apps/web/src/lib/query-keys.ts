export const queryKeys = {
  /** Completed builds: the gallery (its page size) and one build. */
  completedBuilds: {
    all: ['completed-builds'] as const,
    gallery: (size: number) => ['completed-builds', 'gallery', size] as const,
    one: (id: string) => ['completed-builds', 'one', id] as const,
  },
  parts: {
    all: ['parts'] as const,
    latest: (size: number) => ['parts', 'latest', size] as const,
    catalog: (path: string) => ['parts', 'catalog', path] as const,
    facets: (path: string) => ['parts', 'facets', path] as const,
    manage: (path: string) => ['parts', 'manage', path] as const,
    manageAll: ['parts', 'manage'] as const,
    detail: (id: string) => ['parts', 'detail', id] as const,
    /** GET /parts/{id}/price-history: under the part, so a price edit refreshes it. */
    priceHistory: (id: string) => ['parts', 'detail', id, 'price-history'] as const,
    reviews: (id: string) => ['parts', 'reviews', id] as const,
    ratingEligibility: (id: string, email: string) => ['parts', 'reviews', id, 'eligibility', email] as const,
    planner: {
      candidates: (path: string) => ['parts', 'planner', 'candidates', path] as const,
      build: (ids: string) => ['parts', 'planner', 'build', ids] as const,
      check: (items: string) => ['parts', 'planner', 'check', items] as const,
    },
  },
  builds: {
    all: ['builds'] as const,
    mine: (email: string) => ['builds', 'mine', email] as const,
    gallery: (query: string) => ['builds', 'public', 'pages', query] as const,
    galleryBrands: ['builds', 'public', 'brands'] as const,
    published: (id: string) => ['builds', 'public', id] as const,
  },
  alerts: {
    all: ['alerts'] as const,
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
    mine: (email: string) => ['orders', 'mine', email] as const,
    everyone: (tab: string, filters: Record<string, string>) => ['orders', 'everyone', tab, filters] as const,
    counts: (filters: Record<string, string>) => ['orders', 'counts', filters] as const,
    /** GET /allorders/channels (admin): the assistants named on orders. */
    channels: ['orders', 'channels'] as const,
    /** GET /orders/{id}/notes (admin): staff notes. */
    notes: (id: string) => ['orders', 'notes', id] as const,
    unpaid: (email: string) => ['orders', 'unpaid', email] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    receipt: (id: string) => ['orders', 'receipt', id] as const,
    /** GET /orders/{id}/refunds: the order's refunds and return requests. */
    refundsAndReturns: (id: string) => ['orders', 'refunds-and-returns', id] as const,
    /** GET /returns (admin): Manage Orders' return requests, open ones or all; under orders, so a decision refreshes it. */
    returns: (status: string) => ['orders', 'returns', status] as const,
    ship: ['orders', 'ship'] as const,
    /** GET /users/{email}/summary (admin): the customer page; under orders, so a refund or a ship refreshes it. */
    customer: (email: string) => ['orders', 'customer', email] as const,
    packingSlip: (id: string) => ['orders', 'packing-slip', id] as const,
  },
  assistants: ['assistants'] as const,
  audit: {
    list: (kind: string) => ['audit', kind] as const,
  },
  messages: {
    all: ['messages'] as const,
    inbox: ['messages', 'inbox'] as const,
    unread: ['messages', 'unread'] as const,
  },
  users: {
    all: ['users'] as const,
    list: (q: string) => ['users', 'list', q] as const,
    roleChanges: ['users', 'role-changes'] as const,
    profile: (email: string) => ['users', 'profile', email] as const,
    reviewerName: (email: string) => ['users', 'profile', email, 'reviewer-name'] as const,
  },
  auth: {
    all: ['auth'] as const,
    admin: (email: string) => ['auth', 'admin', email.toLowerCase()] as const,
  },
  /** POST /create-payment-intent for one order (held as a query: asked once per visit). */
  paymentIntent: (orderId: string) => ['payment-intent', orderId] as const,
  groupPaymentIntent: (orderIds: readonly string[]) => ['payment-intent', 'group', ...orderIds] as const,
  clientConfig: ['config'] as const,
  /** GET /addresses: the customer's address book. */
  addresses: (email: string) => ['addresses', email] as const,
  /** POST /checkout/quote for one cart and destination (the request as JSON). */
  checkoutQuote: (request: string) => ['checkout', 'quote', request] as const,
  /** GET /checkout/destinations: where the shop ships, for the address form's country list. */
  shippingDestinations: ['checkout', 'destinations'] as const,
  settings: {
    shipping: ['settings', 'shipping'] as const,
    taxes: ['settings', 'taxes'] as const,
    /** Settings change what every quote answers. */
    all: ['settings'] as const,
  },
  taxReport: (month: string) => ['reports', 'tax', month] as const,
  /** GET /discounts (admin) and one discount; a change refreshes both, and the overview's figure. */
  discounts: {
    all: ['discounts'] as const,
    one: (id: string) => ['discounts', 'one', id] as const,
  },
} as const;
