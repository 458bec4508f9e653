import { RealtimeClient } from './realtime-client'

let shared: RealtimeClient | null = null

/** The page's one realtime connection (created on first use, started by the app's realtime sync). */
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient()
  return shared
}
