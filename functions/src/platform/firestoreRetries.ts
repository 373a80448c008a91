/**
 * Caps Firestore's retries by editing the SDK's default client config.
 *
 * Relies on @google-cloud/firestore internals (the SDK that firebase-admin
 * uses): its `v1/firestore_client_config.json`, loaded once and shared, and
 * its util.getRetryParams, through which batch and transaction commits read
 * their retry settings straight from that config. No supported setting
 * reaches those commits: a `clientConfig` override in the Firestore settings
 * covers the gapic calls only. firestoreRetries.test.ts fails if an upgrade
 * moves the file or changes what the commits read.
 */
import { createRequire } from 'node:module';
import { GrpcStatus } from 'firebase-admin/firestore';

/** Firestore's default client config (google-gax format), as loaded by the SDK that firebase-admin uses. */
export interface GaxClientConfig {
  interfaces: Record<
    string,
    { retry_params: Record<string, Record<string, number>>; methods: Record<string, { timeout_millis?: number }> }
  >;
}

/** A require() resolving from inside the @google-cloud/firestore that firebase-admin loads. */
export function firestoreSdkRequire(): NodeJS.Require {
  const here = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  return createRequire(createRequire(here.resolve('firebase-admin/firestore')).resolve('@google-cloud/firestore'));
}

function firestoreDefaultConfig(): GaxClientConfig {
  return firestoreSdkRequire()('./v1/firestore_client_config.json') as GaxClientConfig;
}

/**
 * Caps every Firestore RPC, its retries included, at `budgetMs`, by adjusting
 * the SDK's default client config in place, once, before the first call.
 * Not through settings: the SDK's own batch and transaction commits read
 * their retry settings straight from that default config (its
 * util.getRetryParams), which no `clientConfig` override reaches, and they
 * would otherwise retry an unreachable backend for 10 minutes. Returns the
 * config, for the unit test.
 */
export function capFirestoreRetries(
  budgetMs: number,
  config: GaxClientConfig = firestoreDefaultConfig(),
): GaxClientConfig {
  for (const service of Object.values(config.interfaces)) {
    for (const params of Object.values(service.retry_params)) {
      Object.assign(params, {
        max_retry_delay_millis: Math.min(params.max_retry_delay_millis ?? 1_000, 1_000, budgetMs),
        initial_rpc_timeout_millis: budgetMs,
        max_rpc_timeout_millis: budgetMs,
        total_timeout_millis: budgetMs,
      });
    }
    for (const method of Object.values(service.methods)) method.timeout_millis = budgetMs;
  }
  return config;
}

/**
 * True when a transaction lost to another over a document's lock: ABORTED, or
 * the emulator's "Transaction is invalid or closed" (INVALID_ARGUMENT), which
 * it answers for a transaction it ended under contention and which the SDK
 * does not retry. Running the whole transaction again is safe for any
 * transaction that re-reads what it decides on.
 */
export function lostToContention(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  return (
    err?.code === GrpcStatus.ABORTED ||
    (typeof err?.message === 'string' && /transaction is invalid or closed|aborted/i.test(err.message))
  );
}
