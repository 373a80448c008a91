/**
 * Browser entry of the stack floor: hydrates the prerendered page in the
 * site's emotion cache, as web/src/main.tsx hydrates `/`.
 */
import { hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { createBrowserStyleCache } from '../../../web/src/shared/lib/styleCache';
import { Floor } from './Floor';

hydrateRoot(
  document.getElementById('root')!,
  <CacheProvider value={createBrowserStyleCache()}>
    <Floor />
  </CacheProvider>,
);
