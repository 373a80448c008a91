/** Where the public site lives, for absolute links in emails (quote links, invoice payment links). */
import { config } from '../config.js';

/** Public site address for links in emails (config.siteUrl: SITE_URL, else the emulator's Hosting, else the project's web.app). */
export function siteUrl(): string {
  return config().siteUrl;
}
