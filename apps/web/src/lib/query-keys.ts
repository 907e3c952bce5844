/**
 * TanStack Query keys shared by features that must not import each other (docs/architecture.md#module-boundaries).
 *
 * Every query about parts starts with 'parts' and every query about reviews with 'reviews',
 * so a change can refresh all of them with one prefix: adding or deleting a part invalidates
 * `queryKeys.parts.all` and the newest part is at once first on Home, on /allparts and in the
 * admin table; adding a review does the same with `queryKeys.reviews.all`. A new list of parts
 * or reviews only has to put its key under the prefix (ideally through a helper here).
 */
export const queryKeys = {
  parts: {
    all: ['parts'] as const,
    /** Home's Latest Deals: the first `size` parts. */
    latest: (size: number) => ['parts', 'latest', size] as const,
    /** /allparts: infinite pages of `size`. */
    pages: (size: number) => ['parts', 'pages', size] as const,
    /** The admin's Manage Products table: infinite pages of `size`. */
    manage: (size: number) => ['parts', 'manage', size] as const,
    /** GET /parts/{id}. */
    detail: (id: string) => ['parts', 'detail', id] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    latest: (size: number) => ['reviews', 'latest', size] as const,
    pages: (size: number) => ['reviews', 'pages', size] as const,
  },
  users: {
    all: ['users'] as const,
    /**
     * GET /users/{email}, the whole profile. Queries that keep only part of it (Add Review's
     * default name) sit under this key with an extra segment, so invalidating it after a
     * profile update refreshes them too without sharing a cache entry of another shape.
     */
    profile: (email: string) => ['users', 'profile', email] as const,
  },
} as const;
