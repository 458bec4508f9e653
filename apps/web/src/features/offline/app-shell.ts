/**
 * The offline pieces the app shell mounts on every page (layout, app effects). A separate entry
 * from index.ts on purpose: the landing's entry chunk must not pull the IndexedDB code, so this
 * file imports nothing heavy and loads the rest on demand.
 */
export { ServiceWorkerUpdates } from './components/service-worker-updates'
export { useOfflineDataFollowsSignIn, OFFLINE_OWNER_KEY } from './hooks/use-offline-data-follows-sign-in'
export { keepAnswerForOffline } from './lib/keep-answers'
