import { useEffect } from 'react';

/** Names the browser tab "{name} - Up2", like the page's own title in index.html. */
export function useDocumentTitle(name: string) {
  useEffect(() => {
    document.title = `${name} - Up2`;
  }, [name]);
}
