import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** An IntersectionObserver the test drives: `report(true)` tells it the observed element is near. */
export function stubObserver() {
  const observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  /** Tells the observer made `index`-th (the last by default) whether its element is near. */
  const report = (isIntersecting: boolean, index = observed.length - 1) =>
    act(() => observed[index]!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as never));
  return { observed, disconnect, report };
}
