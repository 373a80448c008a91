/** The settings feature's public face: what other features may import from it. */
export { useStudioDateFormat, useStudioSettings, useStudioTimeZone } from './hooks/useSettings';
