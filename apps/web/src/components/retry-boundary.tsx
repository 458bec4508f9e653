import { Component, type ReactNode } from 'react'
import { RetryAttempt } from '../lib/retrying-lazy'

export interface RetryBoundaryProps {
  children: ReactNode
  /** What shows instead of the failed part; `retry` renders it again. Nothing by default. */
  fallback?: (retry: () => void) => ReactNode
}

/**
 * Keeps a failing part of a page from taking the whole page down — typically a lazy chunk that
 * could not be fetched because the connection dropped (the landing's root has no router error
 * page, so an error there would blank the page). Renders `fallback` instead, and tries again by
 * itself when the browser is back online. Lazy parts inside should use lib/retrying-lazy, or the
 * new try gets React.lazy's remembered failure.
 */
export class RetryBoundary extends Component<RetryBoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  // Unconditional: the error state React derives while rendering is not always the state an
  // update starts from, so checking `failed` here could drop the retry. A new attempt that finds
  // nothing failed renders the same part again.
  private readonly retry = () => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))

  override componentDidMount() {
    window.addEventListener('online', this.retry)
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry)
  }

  override render(): ReactNode {
    if (!this.state.failed) return <RetryAttempt.Provider value={this.state.attempt}>{this.props.children}</RetryAttempt.Provider>
    return this.props.fallback ? this.props.fallback(this.retry) : null
  }
}
