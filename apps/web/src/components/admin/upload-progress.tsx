import { formatBytes } from '@sintonia/contract'
import type { UploadProgress } from '../../lib/upload-with-progress'

/** A determinate progress bar for an upload in flight (role=progressbar with the percentage). */
export function UploadProgressBar({ progress, label = 'Enviando arquivo' }: { progress: UploadProgress | null; label?: string }) {
  const percent = progress?.percent ?? 0
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className="text-ink-muted tabular-nums" data-testid="upload-percent">
          {percent}%{progress ? ` · ${formatBytes(progress.loaded)} de ${formatBytes(progress.total)}` : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-tint-strong"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/**
 * The submit button's text while an audio is sent: the percentage, then, once every byte is up,
 * the server's conversion and loudness normalisation (ADR 026), which takes a few seconds more.
 */
export function audioUploadText(percent: number): string {
  return percent >= 100 ? 'Normalizando o volume...' : `Enviando... ${percent}%`
}
