import { Component, Suspense, useEffect, useState, type ReactNode } from 'react'
import { whenIdle } from '../lib/when-idle'

/**
 * A part of the page nobody needs at first sight (the toast outlet, the connectivity pill): it
 * renders once the browser is idle after the page came up, never on the server nor while the page
 * hydrates, so it neither weighs on the first tasks nor changes the server's markup.
 *
 * If it fails — typically its chunk could not be fetched because the connection dropped — it
 * renders nothing instead of taking the page down with it, and tries again when the browser is
 * back online (lazy parts should use lib/retrying-lazy so the new try fetches the chunk again).
 */
export function AfterIdle({ children, timeoutMs }: { children: ReactNode; timeoutMs?: number }) {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true), timeoutMs), [timeoutMs])
  return ready ? (
    <NothingOnError>
      <Suspense fallback={null}>{children}</Suspense>
    </NothingOnError>
  ) : null
}

class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  private readonly retry = () => this.setState({ failed: false })

  override componentDidMount() {
    window.addEventListener('online', this.retry)
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry)
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}
