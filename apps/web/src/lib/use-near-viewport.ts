import { useEffect, useState, type RefObject } from 'react';

/** How far outside the window an element counts as near, by default: about a screen of scrolling on a phone. */
const NEAR_MARGIN = '600px';

/**
 * True once the element has come within `margin` of the window (and from then on), or the page is
 * about to print. A screen can then leave heavy work below the fold (a client profile's charts on a
 * phone) until the user scrolls towards it. Where the browser cannot tell (no IntersectionObserver),
 * it is true from the start.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = NEAR_MARGIN): boolean {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const show = () => setIsNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    window.addEventListener('beforeprint', show);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', show);
    };
  }, [isNear, ref, margin]);
  return isNear;
}
