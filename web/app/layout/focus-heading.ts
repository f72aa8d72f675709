import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen may take to draw its heading (its code and data arriving) after a move. */
const headingWait = 10_000;

/**
 * After the app moves to another screen, though not on the page's first load, focus goes to the
 * new screen's main heading: a screen reader says where the person now is, and the next Tab
 * starts inside the screen instead of on the link left behind. The heading is awaited, as screens
 * draw it once their code and data arrive, and left alone if the person moved focus meanwhile.
 */
export function useFocusHeadingOnNavigate(content: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const screen = content.current;
    if (!screen) return;
    const focusedOnLeaving = document.activeElement;
    const focusMovedOn = () => {
      const focused = document.activeElement;
      return focused !== focusedOnLeaving && focused !== document.body && focused !== null;
    };
    const focusHeading = () => {
      const heading = screen.querySelector('h1');
      if (!heading) return false;
      if (!focusMovedOn()) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && stop());
    const timer = setTimeout(() => stop(), headingWait);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(screen, { childList: true, subtree: true });
    return stop;
  }, [pathname, content]);
}
