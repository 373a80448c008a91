/** The settings feature's public face: what other features may import from it. */
export { useStudioDueDateFormat, useStudioTimeZone } from './hooks/useSettings';
