/** The reminders feature's public face: a lead's upcoming automatic reminders. */
export { UpcomingReminders } from './components/UpcomingReminders';
