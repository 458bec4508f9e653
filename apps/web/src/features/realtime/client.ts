/**
 * The page's realtime connection, without the feature's hooks and admin indicators. A separate
 * entry from index.ts on purpose: the app's realtime sync starts on every page, the landing
 * included, and through index.ts its chunk carried the admin presence list and status with the
 * UI kit they import (docs/performance.md).
 */
export { getRealtimeClient } from './lib/shared-client'
export type { RealtimeClient } from './lib/realtime-client'
