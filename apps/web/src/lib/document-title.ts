import { useEffect } from 'react';

export const SITE_NAME = 'Parts Shop';

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — computer parts for PC builders`;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
