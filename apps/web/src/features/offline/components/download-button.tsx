import { CircleCheck, Download } from 'lucide-react'
import { cn } from '../../../lib/cn'
import { useDownload } from '../hooks/use-download'
import type { DownloadRequest } from '../lib/audio-downloader'
import { showOfflineNotice } from './offline-notice'

export interface DownloadButtonProps {
  audio: DownloadRequest
  /** Icon only (audio cards); the label stays for screen readers. */
  compact?: boolean
  className?: string
}

/**
 * Keeps a copy of the audio on this device (IndexedDB) so it plays without a connection. Shows
 * the progress while downloading (0-100) and 'Disponível offline' once the copy is there.
 * `data-progress` carries the latest progress of this page load (100 after a download).
 */
export function DownloadButton({ audio, compact = false, className }: DownloadButtonProps) {
  const { progress, isDownloading, isCached, download } = useDownload(audio.id, { onNotice: showOfflineNotice })
  const base = cn(
    'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition-colors',
    compact ? 'min-w-11 px-2' : 'px-3',
  )
  const value = progress?.progress ?? 0

  if (isCached && !isDownloading) {
    return (
      <span
        role="status"
        data-testid="download-state"
        data-progress={progress?.progress}
        title="Disponível offline"
        className={cn(base, 'bg-success-soft text-success', className)}
      >
        <CircleCheck aria-hidden="true" className="size-5" />
        <span className={cn(compact && 'sr-only')}>Disponível offline</span>
      </span>
    )
  }
  if (isDownloading) {
    return (
      <span
        role="progressbar"
        aria-label={`Baixando “${audio.title}”`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-testid="download-state"
        data-progress={value}
        className={cn(base, 'relative overflow-hidden bg-tint text-accent-strong', className)}
      >
        <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-tint-strong transition-[width]" style={{ width: `${value}%` }} />
        <Download aria-hidden="true" className="relative size-5 animate-pulse" />
        <span className="relative tabular-nums">{compact ? `${value}%` : `Baixando… ${value}%`}</span>
      </span>
    )
  }
  return (
    <button
      type="button"
      onClick={() => void download(audio)}
      aria-label={`Baixar “${audio.title}” para ouvir offline`}
      title="Baixar para ouvir offline"
      data-testid="download-state"
      className={cn(base, 'text-ink-muted hover:bg-tint hover:text-accent-strong', className)}
    >
      <Download aria-hidden="true" className="size-5" />
      <span className={cn(compact ? 'sr-only' : 'max-sm:sr-only')}>Baixar</span>
    </button>
  )
}
