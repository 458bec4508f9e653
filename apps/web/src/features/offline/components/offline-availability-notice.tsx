import { WifiOff } from 'lucide-react'
import { useDownload } from '../hooks/use-download'
import { OFFLINE_ERRORS } from '../lib/messages'

/**
 * On the player, with no connection and no copy of this audio on the device: says so before the
 * listener presses play ('Áudio não disponível offline e sem conexão').
 */
export function OfflineAvailabilityNotice({ audioId, online }: { audioId: string; online: boolean }) {
  const { isCached } = useDownload(audioId)
  if (online || isCached !== false) return null
  return (
    <p
      role="status"
      data-testid="offline-unavailable"
      className="mt-5 flex items-start gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-3 text-[0.95rem] leading-relaxed text-warm"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        <strong className="font-semibold">{OFFLINE_ERRORS.notAvailableOffline}</strong>
        <span className="block text-warm/85">Quando estiver conectado, toque em “Baixar” para ouvir este áudio sem internet.</span>
      </span>
    </p>
  )
}
