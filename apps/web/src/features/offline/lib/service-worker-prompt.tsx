import { RefreshCw } from 'lucide-react'
import { toast } from '../../../lib/toast'
import { registerServiceWorker } from './service-worker'

export const UPDATE_TOAST_ID = 'app-update'

/** The update prompt: stays until the listener acts, 'Atualizar' switches to the new version. */
export function showUpdateToast(activate: () => void): void {
  toast.message('Nova versão disponível', {
    id: UPDATE_TOAST_ID,
    description: 'Atualize para usar a versão mais recente do app.',
    duration: Number.POSITIVE_INFINITY,
    icon: <RefreshCw aria-hidden="true" className="size-4 text-accent" />,
    action: { label: 'Atualizar', onClick: activate },
    classNames: {
      title: '!font-semibold !text-ink',
      description: '!text-ink-muted',
      actionButton: '!h-8 !rounded-lg !bg-brand-700 !px-3 !text-sm !font-semibold !text-white hover:!bg-brand-800',
    },
  })
}

/** Registers /sw.js with the update prompt; returns the function that stops the hourly check. */
export function startServiceWorker(): () => void {
  return registerServiceWorker({ onUpdateWaiting: showUpdateToast })
}
