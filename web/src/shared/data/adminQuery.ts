/**
 * The admin's request cache: TanStack Query for the /api reads of the admin's
 * dialogs and pages (a lead's history, files, proposals, emails and portal
 * status; the outbox; the email templates; the proposal settings). Live
 * Firestore data (the boards, the lead documents) does not come through here:
 * it comes from reactfire (./hooks.ts).
 *
 * Why no QueryClientProvider: the admin JS after login (the dashboard) was
 * 390.6 KB gzip against its 400 KB budget, and @tanstack/query-core with the
 * React bindings is about 10 KB gzip more. A provider in the admin shell would
 * put the library into the dashboard's first render. Instead this module owns
 * the one QueryClient and passes it to every hook as TanStack v5's second
 * argument (`useQuery(options, client)`), and only lazily loaded dialogs and
 * pages import this module, so the library arrives with the first of them
 * (the lead details, the email or settings pages), never with the dashboard.
 * Keep it so: nothing the dashboard loads eagerly may import this file, and
 * code imports @tanstack/react-query only here (eslint.config.js).
 *
 * Each feature keeps its typed query keys and reads in one small factory
 * (e.g. features/leads/queries.ts) built with `adminQueryOptions`; the reads
 * go through `api.get(path, schema)`, so every reply is still parsed by its
 * zod schema.
 */
import {
  QueryClient,
  queryOptions,
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * The admin's one QueryClient. No retries (as before: a failed read shows its
 * error at once, and a write's reload is the retry) and no refetch on window
 * focus. `staleTime: 0`: every dialog or page that mounts reads its data
 * again, as the hand-written effects did, because most of it changes on the
 * server behind the admin's back (the outbox sender, a client who signs, signs
 * in or uploads); the cache still shows the last answer at once meanwhile,
 * shares one request between simultaneous readers, and takes the admin's own
 * writes (setAdminQueryData) without a round trip.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
  },
});

/** `queryOptions` of TanStack: a typed key tied to its data type, for a feature's query factory. */
export const adminQueryOptions = queryOptions;

/** `useQuery` on the admin's client (no provider needed, see the module doc). */
export function useAdminQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useQuery(options, adminQueryClient);
}

/** Marks the queries under `queryKey` stale and reads the shown ones again (after a write changed them). */
export function invalidateAdminQueries(queryKey: QueryKey): Promise<void> {
  return adminQueryClient.invalidateQueries({ queryKey });
}

/** A query's state in the cache (its reads so far: `dataUpdateCount`, `errorUpdateCount`), if it is there. */
export const getAdminQueryState = adminQueryClient.getQueryState.bind(adminQueryClient);

/** Puts a write's result into the cache: `adminQueryClient.setQueryData`, typed by a factory's key. */
export const setAdminQueryData = adminQueryClient.setQueryData.bind(adminQueryClient);
