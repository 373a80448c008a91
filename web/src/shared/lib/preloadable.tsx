import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component that renders without suspending once it is loaded. */
export interface Preloadable {
  /**
   * The component; render it inside a Suspense boundary (<LazyPage>). Once
   * preload() has resolved it renders straight away: a React.lazy component
   * suspends on its first render even when its promise has resolved, and a
   * Suspense boundary that showed its fallback holds the content back for up
   * to 300 ms (React's fallback throttle).
   */
  Component: ComponentType;
  /** Starts loading; resolves with the component. Safe to call any number of times; a failed load is tried again on the next call. */
  preload(): Promise<ComponentType>;
}

/** `load` as a Preloadable (see there): `load` resolves with the component to render. */
export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let pending: Promise<ComponentType> | null = null;
  let ready: ComponentType | null = null;
  const preload = () => {
    pending ??= load().then(
      (C) => (ready = C),
      (e: unknown) => {
        pending = null; // a later render or navigation may try again
        throw e;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((C) => ({ default: C })));
  function Component() {
    // Chosen once per mount: switching type later would remount the subtree.
    const [C] = useState<ComponentType>(() => ready ?? Lazy);
    return <C />;
  }
  return { Component, preload };
}
