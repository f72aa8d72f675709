import { useEffect } from 'react';

/** A screen's name as the browser tab shows it, like the page's own title in index.html. */
export function documentTitle(name: string): string {
  return `${name} - Up2`;
}

/** Names the browser tab after the screen ("{name} - Up2"). */
export function useDocumentTitle(name: string) {
  useEffect(() => {
    document.title = documentTitle(name);
  }, [name]);
}
