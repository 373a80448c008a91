/**
 * Build-time stand-in for `firebase/database` (aliased in web/vite.config.ts).
 * reactfire imports seven Realtime Database functions at its top level, which
 * would put the whole Database SDK (about 30 KB gzip) into the admin bundle.
 * The CRM never uses Realtime Database (Firestore is its only datastore), so
 * these exist only to satisfy the imports; calling one throws.
 */
function notBundled(name: string): () => never {
  return () => {
    throw new Error(`firebase/database ${name}() is not bundled: the studio app does not use Realtime Database.`);
  };
}

export const get = notBundled('get');
export const off = notBundled('off');
export const onChildAdded = notBundled('onChildAdded');
export const onChildChanged = notBundled('onChildChanged');
export const onChildMoved = notBundled('onChildMoved');
export const onChildRemoved = notBundled('onChildRemoved');
export const onValue = notBundled('onValue');
