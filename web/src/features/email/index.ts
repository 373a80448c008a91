/** What other features use of the email feature: a lead's outbox entries (the lead detail dialog). */
export { OutboxList } from './components/OutboxList';
