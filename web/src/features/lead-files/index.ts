/** Lead files' admin face: the lead details' Files section (upload, share with the client, remove). */
export { LeadFiles } from './components/LeadFiles';
