export const PASSWORD_MIN = 6;
export const PHONE_MIN = 6;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const HOME_LIST_SIZE = 3;
/** Parts and reviews per page on All Parts and All Reviews (one infinite-scroll step). */
export const PARTS_PAGE_SIZE = 24;
export const REVIEWS_PAGE_SIZE = 24;
export const TOAST_CLOSE_MS = 5000;
export const GOOGLE_POPUP = { width: 500, height: 600 } as const;
export const COPYRIGHT_YEAR = 2022;
export const MARKETING = [
  { figure: '100k+', label: 'Products sold' },
  { figure: '100+', label: 'Customers daily' },
  { figure: '500+', label: 'Feedbacks' },
] as const;
export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 100;
/** Longest text any field accepts; keeps a 10 MB description out of the database. */
export const TEXT_MAX = 5000;
export const SHORT_TEXT_MAX = 200;
