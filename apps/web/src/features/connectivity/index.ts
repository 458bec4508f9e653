/** Public API of the connectivity feature. Layouts and other features import from here only. */
export { ConnectionIndicator, ConnectionIndicatorView, type ConnectionIndicatorProps } from './components/connection-indicator'
export { getSharedConnectivityMonitor, resetSharedConnectivityMonitor, useConnectivity } from './hooks/use-connectivity'
export {
  createConnectivityMonitor,
  INITIAL_CONNECTION_STATUS,
  isSlowConnection,
  type ConnectionStatus,
  type ConnectivityMonitor,
  type ConnectivityMonitorOptions,
  type ConnectivityState,
} from './lib/connectivity-monitor'
export { CONNECTIVITY_MSG } from './lib/messages'
