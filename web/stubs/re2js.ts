/**
 * Build-time stand-in for `re2js` (aliased in web/vite.config.ts). The
 * Firestore SDK imports it only to evaluate the LIKE / regex expressions of
 * Pipeline queries on the client (about 35 KB gzip). The CRM runs plain
 * queries, never Pipelines; if one ever did, Firestore catches this error and
 * logs the expression as invalid.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('re2js is not bundled: the studio app runs no Firestore Pipeline regex expressions.');
  },
};
