import { useState } from 'react'
import { Download } from 'lucide-react'
import { Button, type ButtonProps } from '../../../components/ui/button'
import { useInstall } from '../hooks/use-install'
import { InstallHelpDialog } from './install-help-dialog'

export interface InstallButtonProps {
  size?: ButtonProps['size']
  variant?: ButtonProps['variant']
  className?: string
}

/**
 * 'Instalar app': the browser's prompt where it exists (beforeinstallprompt), otherwise the
 * install help. Renders nothing when installed, not installable or dismissed
 * (docs/product/listening.md#install-help).
 */
export function InstallButton({ size = 'sm', variant = 'outline', className }: InstallButtonProps) {
  const { capabilities, visible, promptInstall, dismiss } = useInstall()
  const [helpOpen, setHelpOpen] = useState(false)
  if (!visible && !helpOpen) return null
  return (
    <>
      {visible ? (
        <Button
          size={size}
          variant={variant}
          className={className}
          onClick={() => {
            void promptInstall().then((prompted) => {
              if (!prompted) setHelpOpen(true)
            })
          }}
        >
          <Download aria-hidden="true" />
          Instalar app
        </Button>
      ) : null}
      <InstallHelpDialog open={helpOpen} platform={capabilities.platform} onClose={() => setHelpOpen(false)} onDismissForever={dismiss} />
    </>
  )
}
