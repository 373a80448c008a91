import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a module's named export: `lazyNamed(() => import('./X'), 'X')`
 * loads the chunk on first render, as `lazy(() => import('./X').then((m) => ({ default: m.X })))`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
