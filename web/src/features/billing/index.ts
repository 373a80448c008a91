/** The billing feature: the Money page (lazy, by route) and what other pages show of the books. */
export { OrdersTable } from './components/OrdersTable';
