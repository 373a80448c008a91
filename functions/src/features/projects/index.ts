/** What other features use of projects: a lead's move carried to its project (projectSync.ts). */
export { syncProjectFromLead } from './projectSync.js';
