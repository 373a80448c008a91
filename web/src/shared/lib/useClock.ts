import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` milliseconds (not on every
 * render): components that show ages or countdowns re-render on the clock's
 * tick, and memoized children keep a stable `now` prop in between.
 */
export function useClock(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
