/**
 * What other features use of projects: a lead's move carried to its project (projectSync.ts, which app.ts passes
 * to the leads routes), that project read (projectStore.ts, the only store opening `projects`: the projects of
 * leads, one project, a new project's ref for an accepted quote), and the release of a project held for the owner's
 * countersignature (projectHoldStore.ts).
 */
export { readMovedLeadProjectIn } from './projectSync.js';
export {
  newProjectRef,
  projectsOfLeads,
  readLeadProjectIn,
  readProjectDoc,
  updateProjectIn,
  type ReadProject,
} from './projectStore.js';
export { readCountersignHold } from './projectHoldStore.js';
