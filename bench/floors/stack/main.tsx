/** Browser entry of the stack floor: hydrates the prerendered page, as web/src/main.tsx hydrates `/`. */
import { hydrateRoot } from 'react-dom/client';
import { Floor } from './Floor';

hydrateRoot(document.getElementById('root')!, <Floor />);
