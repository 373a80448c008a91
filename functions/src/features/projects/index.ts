/**
 * What other features use of projects: a lead's move carried to its project (projectSync.ts), that project read
 * (projectStore.ts), and the release of a project held for the owner's countersignature (projectHoldStore.ts).
 */
export { syncProjectFromLead } from './projectSync.js';
export { readLeadProjectIn, updateProjectIn, type ReadProject } from './projectStore.js';
export { readCountersignHold } from './projectHoldStore.js';
