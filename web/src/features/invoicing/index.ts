/** The invoicing feature's public face: what other features may import from it. */
export { LeadAccount } from './components/LeadAccount';
