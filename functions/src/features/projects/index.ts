/** What other features use of projects: a lead's move carried to its project (projectSync.ts), and that project read. */
export { syncProjectFromLead } from './projectSync.js';
export { readLeadProjectIn } from './projectStore.js';
