import { SignalLow, WifiOff } from 'lucide-react'
import { cn } from '../../../lib/cn'
import { useConnectivity } from '../hooks/use-connectivity'
import type { ConnectionStatus, ConnectivityMonitor, ConnectivityState } from '../lib/connectivity-monitor'
import { CONNECTIVITY_MSG } from '../lib/messages'

const pillContent: Record<Exclude<ConnectivityState, 'online'>, { label: string; description: string; className: string }> = {
  offline: {
    label: CONNECTIVITY_MSG.offlineLabel,
    description: CONNECTIVITY_MSG.offlineDescription,
    className: 'border-line-strong bg-tint/95 text-accent-strong',
  },
  slow: {
    label: CONNECTIVITY_MSG.slowLabel,
    description: CONNECTIVITY_MSG.slowDescription,
    className: 'border-warm-line bg-warm-soft/95 text-warm',
  },
}

export interface ConnectionIndicatorViewProps {
  status: ConnectionStatus['status']
  className?: string
  /** The visible label's classes (the header hides it where its row is crowded; the icon and title stay). */
  labelClassName?: string
}

/**
 * The pill itself, driven by a status. The live region is always mounted (empty while online) so
 * screen readers announce the change when the pill appears; nothing is visible while online.
 */
export function ConnectionIndicatorView({ status, className, labelClassName }: ConnectionIndicatorViewProps) {
  const content = status === 'online' ? null : pillContent[status]
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={content ? className : undefined}>
      {content ? (
        <span
          data-connection-status={status}
          title={content.description}
          className={cn(
            'inline-flex animate-fade-in items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold leading-none tracking-wide shadow-soft backdrop-blur-sm [&_svg]:size-3.5',
            content.className,
          )}
        >
          {status === 'offline' ? <WifiOff aria-hidden="true" /> : <SignalLow aria-hidden="true" />}
          <span className={labelClassName}>{content.label}</span>
          <span className="sr-only">. {content.description}</span>
        </span>
      ) : null}
    </div>
  )
}

export interface ConnectionIndicatorProps {
  /** Placement classes from the layout, applied while the pill shows. */
  className?: string
  /** The visible label's classes. */
  labelClassName?: string
  /** Only for tests; the shared app-wide monitor is used by default. */
  monitor?: ConnectivityMonitor
}

/** Discreet pill shown only when offline ('Sem conexão') or slow ('Conexão lenta'). */
export function ConnectionIndicator({ className, labelClassName, monitor }: ConnectionIndicatorProps) {
  const { status } = useConnectivity(monitor)
  return <ConnectionIndicatorView status={status} className={className} labelClassName={labelClassName} />
}
