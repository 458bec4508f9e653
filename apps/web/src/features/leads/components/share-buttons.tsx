import { useState, type ReactNode } from 'react'
import { MessageCircle, Send, Share2 } from 'lucide-react'
import { Button, buttonVariants } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { SHARE_NETWORKS, shareUrl, type ShareContent, type ShareNetwork } from '../lib/share'

function FacebookGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d="M9 8H6v4h3v12h5V12h3.642L18 8h-4V6.333C14 5.378 14.192 5 15.115 5H18V0h-3.808C10.596 0 9 1.583 9 4.615V8z" />
    </svg>
  )
}

const NETWORKS: Record<ShareNetwork, { label: string; icon: ReactNode }> = {
  whatsapp: { label: 'WhatsApp', icon: <MessageCircle aria-hidden="true" className="text-[#128c7e]" /> },
  facebook: { label: 'Facebook', icon: <FacebookGlyph className="size-[1.125rem] text-[#1877f2]" /> },
  telegram: { label: 'Telegram', icon: <Send aria-hidden="true" className="text-[#229ed9]" /> },
}

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function'
}

export interface ShareButtonsProps {
  content: ShareContent
  onShare: (network: ShareNetwork | 'native') => void
}

/** The browser's share sheet when there is one, plus WhatsApp, Facebook and Telegram links. */
export function ShareButtons({ content, onShare }: ShareButtonsProps) {
  const [native] = useState(canShareNatively)

  const shareNatively = async () => {
    onShare('native')
    try {
      await navigator.share({ title: content.title, text: content.text, url: content.url })
    } catch {
      // Closing the share sheet rejects with AbortError: nothing to do.
    }
  }

  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
      {native ? (
        <Button variant="accent" onClick={() => void shareNatively()} className="w-full sm:col-span-3 lg:col-span-1">
          <Share2 aria-hidden="true" />
          Compartilhar
        </Button>
      ) : null}
      {SHARE_NETWORKS.map((network) => (
        <a
          key={network}
          href={shareUrl(network, content)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => onShare(network)}
          className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
        >
          {NETWORKS[network].icon}
          <span>
            <span className="sr-only">Compartilhar no </span>
            {NETWORKS[network].label}
          </span>
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      ))}
    </div>
  )
}
