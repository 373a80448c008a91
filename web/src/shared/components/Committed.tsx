/**
 * Renders nothing; calls `onCommit` once the Suspense boundary around it has
 * committed (its effect runs then): for a boundary hydrating prerendered HTML,
 * once that boundary has hydrated. Give it a stable callback.
 */
import { useEffect } from 'react';

export function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}
