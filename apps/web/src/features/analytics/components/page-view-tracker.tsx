import { usePageViews } from '../hooks/use-page-views'

/** Mount once inside the router (the app layout): reports a page view on every route change. */
export function PageViewTracker() {
  usePageViews()
  return null
}
