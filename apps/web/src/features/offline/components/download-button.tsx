import { CircleCheck, Download, LoaderCircle } from 'lucide-react'
import { toast } from 'sonner'
import { cn } from '../../../lib/cn'
import { useDownload } from '../hooks/use-download'
import type { DownloadRequest } from '../lib/audio-downloader'
import type { OfflineNotice } from '../lib/messages'

function showNotice(notice: OfflineNotice) {
  if (notice.tone === 'success') toast.success(notice.title, { description: notice.description })
  else toast.error(notice.title, { description: notice.description })
}

export interface DownloadButtonProps {
  audio: DownloadRequest
  className?: string
}

/**
 * Keeps a copy of the audio on this device (IndexedDB) so it plays without a connection. Shows
 * the progress while downloading and 'Disponível offline' once the copy is there.
 */
export function DownloadButton({ audio, className }: DownloadButtonProps) {
  const { progress, isDownloading, isCached, download } = useDownload(audio.id, { onNotice: showNotice })
  const base = 'inline-flex h-11 shrink-0 items-center gap-2 rounded-xl px-3 text-sm font-semibold transition-colors'

  if (isCached && !isDownloading) {
    return (
      <span role="status" className={cn(base, 'bg-emerald-50 text-emerald-800', className)}>
        <CircleCheck aria-hidden="true" className="size-5" />
        Disponível offline
      </span>
    )
  }
  if (isDownloading) {
    return (
      <span role="status" aria-live="polite" className={cn(base, 'bg-brand-50 text-brand-800', className)}>
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        Baixando… {progress?.progress ?? 0}%
      </span>
    )
  }
  return (
    <button
      type="button"
      onClick={() => void download(audio)}
      aria-label={`Baixar “${audio.title}” para ouvir offline`}
      title="Baixar para ouvir offline"
      className={cn(base, 'text-ink-muted hover:bg-brand-50 hover:text-brand-800', className)}
    >
      <Download aria-hidden="true" className="size-5" />
      <span className="max-sm:sr-only">Baixar</span>
    </button>
  )
}
