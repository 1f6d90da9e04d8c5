import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog the first time it opens and keeps it mounted afterwards, so its
 * script stays off the screen's start and its closing transition still plays. The script comes
 * from the precache, so the first opening waits a few milliseconds, offline too.
 */
export function OnceOpened({ when, children }: { when: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(when);
  if (when && !opened) setOpened(true);
  return opened || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
