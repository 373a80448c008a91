// Types for the base class of custom stores, which the package ships but does not re-export from its index.
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract' {
  import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
  const Impl: typeof RateLimiterStoreAbstract;
  export default Impl;
}
