import { createElement, lazy, useState, type ComponentType } from 'react';

// The props of any component: the lazy chunks here default-export components of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A lazy component whose chunk can be asked for ahead; once loaded it is drawn without suspending. */
export type PreloadableComponent<M extends { default: AnyComponent }> = M['default'] & {
  /** Loads the chunk (once, again after a failure); settles with its module. */
  preload: () => Promise<M>;
};

/**
 * React.lazy over `load`, with `preload()`. React.lazy suspends at its first draw even when the chunk
 * is already in (its import() settles only after the draw), and a shown fallback holds back what
 * replaces it for 300 ms (React's Suspense throttle). A component preloaded before its first draw is
 * drawn as the module's own component, so a first load that waits for its chunks draws the page in one
 * go. Each mounted instance keeps the kind it mounted with: switching between the lazy and the loaded
 * component would remount what it holds.
 */
export function lazyWithPreload<M extends { default: AnyComponent }>(
  load: () => Promise<M>,
): PreloadableComponent<M> {
  let loaded: AnyComponent | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: object) {
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload }) as unknown as PreloadableComponent<M>;
}
