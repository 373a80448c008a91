/** The email feature's public face: a lead's outbox (queued, sent and failed emails, with Resend). */
export { OutboxList } from './components/OutboxList';
