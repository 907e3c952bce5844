import { useEffect } from 'react';

export const SITE_NAME = 'Parts Shop';

/** "All Reviews | Parts Shop"; no title gives the site's own. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — computer parts for PC builders`;
}

/** Sets the tab title while a screen is shown, so every page names itself in history and search results. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
