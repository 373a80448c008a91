/**
 * Renders a (usually lazy) dialog from the first time `open` is true, and
 * keeps it mounted afterwards so its close transition plays. Before that the
 * page pays neither the dialog's code nor its render: a page owning many
 * dialogs re-renders only the ones ever opened. The chunk loads inside a
 * Suspense boundary with no fallback (the dialog appears when it is ready);
 * a chunk that fails to load is caught by the page's LazyPage boundary.
 */
import { Suspense, useState, type ReactNode } from 'react';

export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
