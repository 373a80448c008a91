/** Where the public site lives, for absolute links in emails (quote links, invoice payment links). */

/** Public site address for links in emails (SITE_URL, else the emulator's Hosting, else the project's web.app). */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SITE_URL) return env.SITE_URL.replace(/\/$/, '');
  if (env.FUNCTIONS_EMULATOR === 'true') return 'http://127.0.0.1:5000';
  return `https://${env.GCLOUD_PROJECT ?? 'studio'}.web.app`;
}
