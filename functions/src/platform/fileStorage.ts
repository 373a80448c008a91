/**
 * The lead files' bytes in Cloud Storage, through the Admin SDK
 * (`getStorage().bucket()`, bucket config.filesBucket): written, read and
 * deleted only by the server. No browser talks to Storage; downloads go
 * through /api (features/lead-files). Locally and in tests the SDK's client
 * talks to scripts/storage-standin.mjs, a stand-in for the JSON API, through
 * STORAGE_EMULATOR_HOST (functions/.env.demo-studio).
 */
import { getStorage } from 'firebase-admin/storage';
import { config } from '../config.js';
import './firebase.js'; // the default app, initialised once

/** What the lead files need of a bucket (a test or a fault can stand in for it). */
export interface FileStore {
  /** Stores `bytes` at `path` (one request, no resumable session). */
  save(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes at `path`, or null when there is no such object. */
  read(path: string): Promise<Buffer | null>;
  /** Deletes `path`; nothing to delete is not an error. */
  remove(path: string): Promise<void>;
}

/** True for the client library's "no such object" error. */
const isNotFound = (e: unknown) => (e as { code?: unknown } | null)?.code === 404;

/** A Cloud Storage bucket of the Admin SDK. */
type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

/** A FileStore over the bucket `bucket()` returns (called per use, so configuration is read when first needed). */
export function bucketFileStore(bucket: () => Bucket): FileStore {
  return {
    async save(path, bytes, contentType) {
      await bucket().file(path).save(bytes, { resumable: false, contentType, metadata: { contentType } });
    },
    async read(path) {
      try {
        const [bytes] = await bucket().file(path).download();
        return bytes;
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async remove(path) {
      await bucket().file(path).delete({ ignoreNotFound: true });
    },
  };
}

/** The files bucket (config.filesBucket) through the Admin SDK. */
export const fileStorage: FileStore = bucketFileStore(() => getStorage().bucket(config().filesBucket));
