/** What other features use of the clients feature: a client's data export and erasure (the lead detail dialog). */
export { ClientDataActions } from './components/ClientDataActions';
