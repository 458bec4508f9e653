import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { whenIdle } from '../lib/when-idle'
import { RetryBoundary } from './retry-boundary'

/**
 * A part of the page nobody needs at first sight (the toast outlet, the connectivity pill): it
 * renders once the browser is idle after the page came up, never on the server nor while the page
 * hydrates, so it neither weighs on the first tasks nor changes the server's markup. If it fails
 * (its chunk could not be fetched), it renders nothing and tries again once back online.
 */
export function AfterIdle({ children, timeoutMs }: { children: ReactNode; timeoutMs?: number }) {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true), timeoutMs), [timeoutMs])
  return ready ? (
    <RetryBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </RetryBoundary>
  ) : null
}
