/**
 * Public API of the analytics feature.
 *
 * How other features report events: features never import each other
 * (docs/architecture.md#workspaces), so a feature that tracks takes a `track` prop typed with the
 * contract's AnalyticsEventType and AnalyticsEventData, and the route module in app/routes passes
 * this `track` down. We chose the prop over a shared `src/lib/analytics.ts`: the dependency stays
 * visible at the composition point, and component tests just pass a spy instead of mocking a
 * module.
 *
 * Only `track` and the page-view tracker are runtime exports: the queue itself
 * (lib/analytics-client.ts) is loaded on demand so it stays out of the entry chunk.
 */
export { PageViewTracker } from './components/page-view-tracker'
export { usePageViews } from './hooks/use-page-views'
export { loadAnalyticsClient, stopAnalytics, track } from './lib/track'
export type { AnalyticsClient, AnalyticsClientOptions, TrackFn } from './lib/analytics-client'
