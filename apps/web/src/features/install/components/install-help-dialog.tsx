import { useId, useState } from 'react'
import { ChevronDown, Monitor, Smartphone, TabletSmartphone, type LucideIcon } from 'lucide-react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import type { Platform } from '../lib/platform'
import { ModalDialog } from '../../../components/ui/modal-dialog'

interface Guide {
  platform: Platform
  title: string
  icon: LucideIcon
  steps: string[]
}

export const INSTALL_GUIDES: Guide[] = [
  {
    platform: 'ios',
    title: 'iPhone/iPad (Safari)',
    icon: TabletSmartphone,
    steps: [
      'Abra este site no Safari.',
      'Toque no botão Compartilhar (o quadrado com a seta para cima).',
      'Escolha “Adicionar à Tela de Início”.',
      'Toque em “Adicionar”. O app aparece na sua tela inicial.',
    ],
  },
  {
    platform: 'android',
    title: 'Android',
    icon: Smartphone,
    steps: [
      'Abra este site no Chrome.',
      'Toque no menu (os três pontos no canto superior).',
      'Escolha “Instalar app” ou “Adicionar à tela inicial”.',
      'Confirme em “Instalar”.',
    ],
  },
  {
    platform: 'desktop',
    title: 'Desktop',
    icon: Monitor,
    steps: [
      'Abra este site no Chrome ou no Edge.',
      'Clique no ícone de instalar na barra de endereço (um monitor com uma seta).',
      'Confirme em “Instalar”. O app abre em uma janela própria.',
    ],
  },
]

interface InstallHelpDialogProps {
  open: boolean
  platform: Platform
  onClose: () => void
  /** 'Não mostrar novamente': sets dm:dismissedInstall and closes. */
  onDismissForever: () => void
}

/** How to install the app on each platform (docs/product/listening.md#install-help). */
export function InstallHelpDialog({ open, platform, onClose, onDismissForever }: InstallHelpDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Instale o app"
      description="Tenha seus áudios a um toque, em tela cheia e com acesso rápido — como um aplicativo."
      className="max-w-lg"
    >
      <InstallAccordion platform={platform} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="ghost"
          onClick={() => {
            onDismissForever()
            onClose()
          }}
        >
          Não mostrar novamente
        </Button>
        <Button onClick={onClose} data-autofocus>
          Fechar
        </Button>
      </div>
    </ModalDialog>
  )
}

function InstallAccordion({ platform }: { platform: Platform }) {
  const [expanded, setExpanded] = useState<Platform | null>(platform)
  const id = useId()
  return (
    <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line">
      {INSTALL_GUIDES.map((guide) => {
        const isOpen = expanded === guide.platform
        const mine = guide.platform === platform
        const GuideIcon = guide.icon
        return (
          <div key={guide.platform}>
            <h3>
              <button
                type="button"
                id={`${id}-${guide.platform}-button`}
                aria-expanded={isOpen}
                aria-controls={`${id}-${guide.platform}-panel`}
                onClick={() => setExpanded(isOpen ? null : guide.platform)}
                className={cn(
                  'flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors hover:bg-tint/60',
                  isOpen && 'bg-tint/60',
                )}
              >
                <GuideIcon aria-hidden="true" className="size-5 shrink-0 text-accent" />
                {/* On narrow screens the badge goes under the title instead of squeezing it. */}
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-ink">{guide.title}</span>
                  {mine ? <Badge variant="gold">Sua plataforma</Badge> : null}
                </span>
                <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 text-ink-muted transition-transform', isOpen && 'rotate-180')} />
              </button>
            </h3>
            <div
              id={`${id}-${guide.platform}-panel`}
              role="region"
              aria-labelledby={`${id}-${guide.platform}-button`}
              hidden={!isOpen}
              className="px-4 pt-1 pb-4"
            >
              <ol className="space-y-2">
                {guide.steps.map((step, index) => (
                  <li key={step} className="flex gap-3 text-sm leading-relaxed text-ink-muted">
                    <span
                      aria-hidden="true"
                      className="grid size-6 shrink-0 place-items-center rounded-full bg-tint-strong text-xs font-bold text-accent-strong"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        )
      })}
    </div>
  )
}
