/** What other features use of the reminders feature: a lead's upcoming reminders (the lead detail dialog). */
export { UpcomingReminders } from './components/UpcomingReminders';
