/** What other features use of lead files: the client's shown files (the portal). */
export { clientFileOf, clientFilesOfLeads } from './leadFiles.js';
