/**
 * The latest non-null value seen: lets a dialog keep showing its subject
 * while it animates closed after the caller has already cleared it.
 */
import { useState } from 'react';

export function useLastValue<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
