/**
 * What other features use of the portal: the client's session (requireClient
 * put it on the request: clientOf) and the client's leads and projects
 * matched by their verified address (portalStore.ts); a client's erasure
 * removes their portal account (portalAccount.ts).
 */
export { clientOf, type ClientSession } from './clientSession.js';
export { leadIdsOfEmail, projectsOfLeads, readLead, readProject } from './portalStore.js';
export { removePortalAccount } from './portalAccount.js';
