import { useCallback, useSyncExternalStore } from 'react'
import {
  createConnectivityMonitor,
  INITIAL_CONNECTION_STATUS,
  type ConnectionStatus,
  type ConnectivityMonitor,
} from '../lib/connectivity-monitor'

let shared: ConnectivityMonitor | null = null

/** The one monitor of the app, created on first use (it starts when the first component subscribes). */
export function getSharedConnectivityMonitor(): ConnectivityMonitor {
  shared ??= createConnectivityMonitor()
  return shared
}

/** Stops and forgets the shared monitor (tests, or a full sign-out teardown). */
export function resetSharedConnectivityMonitor(): void {
  shared?.stop()
  shared = null
}

const getServerSnapshot = (): ConnectionStatus => INITIAL_CONNECTION_STATUS

/**
 * Current connection status (docs/product/listening.md#connectivity). Pass a monitor only in tests;
 * by default the shared monitor is used and started lazily on the first subscription. It keeps
 * running for the life of the page (one 30 s poll for the whole app).
 */
export function useConnectivity(monitor?: ConnectivityMonitor): ConnectionStatus {
  const source = monitor ?? getSharedConnectivityMonitor()
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribe = source.subscribe(listener)
      source.start()
      return unsubscribe
    },
    [source],
  )
  return useSyncExternalStore(subscribe, source.getSnapshot, getServerSnapshot)
}
