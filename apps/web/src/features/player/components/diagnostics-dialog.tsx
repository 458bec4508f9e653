import { useState } from 'react'
import { CircleAlert, CircleCheck, PlayCircle, Stethoscope, TriangleAlert } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import type { DiagnosticsReport, PlaybackTestResult } from '../engine/diagnostics'
import type { DiagnosticsEntry } from '../engine/diagnostics-log'
import type { VoiceEngine } from '../engine/voice-engine'

const LOG_ENTRIES_SHOWN = 15

export interface DiagnosticsDialogProps {
  open: boolean
  onClose: () => void
  voice: VoiceEngine
}

/** The audio diagnostics (docs/product/listening.md#diagnostics): findings, a playback test and the latest log lines. */
export function DiagnosticsDialog({ open, onClose, voice }: DiagnosticsDialogProps) {
  const [report, setReport] = useState<DiagnosticsReport | null>(null)
  const [test, setTest] = useState<PlaybackTestResult | null>(null)
  const [busy, setBusy] = useState<'diagnostics' | 'test' | null>(null)
  const [log, setLog] = useState<readonly DiagnosticsEntry[]>([])
  const [wasOpen, setWasOpen] = useState(false)

  // Refresh the log each time the dialog opens (render-time sync, no effect needed).
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setLog(voice.getDiagnosticsLog())
  }

  const run = async () => {
    setBusy('diagnostics')
    try {
      setReport(await voice.runDiagnostics())
    } finally {
      setBusy(null)
      setLog(voice.getDiagnosticsLog())
    }
  }
  const probe = async () => {
    setBusy('test')
    try {
      setTest(await voice.testPlayback())
    } finally {
      setBusy(null)
      setLog(voice.getDiagnosticsLog())
    }
  }

  const entries = log.slice(-LOG_ENTRIES_SHOWN).reverse()

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Diagnóstico do Áudio"
      description="Verifique o carregamento e a reprodução do áudio atual."
      className="max-w-lg"
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void run()} disabled={busy !== null}>
          {busy === 'diagnostics' ? <Spinner label={null} className="size-4" /> : <Stethoscope aria-hidden="true" />}
          Executar diagnóstico
        </Button>
        <Button variant="outline" size="sm" onClick={() => void probe()} disabled={busy !== null}>
          {busy === 'test' ? <Spinner label={null} className="size-4" /> : <PlayCircle aria-hidden="true" />}
          Testar reprodução
        </Button>
      </div>

      <div aria-live="polite">
        {report ? (
          <section className="mt-5">
            <h3 className="text-sm font-semibold text-ink">Resultado</h3>
            <p className="mt-1 text-sm text-ink-muted">{report.summary}</p>
            <ul className="mt-3 flex flex-col gap-2">
              {report.findings.map((finding) => (
                <li key={finding.id} className="flex items-start gap-2 text-sm">
                  <StatusIcon status={finding.status} />
                  <span className="min-w-0">
                    <span className="font-medium text-ink">{finding.label}: </span>
                    <span className="break-words text-ink-muted">{finding.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {test ? (
          <p className={cn('mt-4 flex items-start gap-2 rounded-xl p-3 text-sm', test.ok ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger')}>
            <StatusIcon status={test.ok ? 'ok' : 'error'} />
            {test.message}
          </p>
        ) : null}
      </div>

      <section className="mt-5">
        <h3 className="text-sm font-semibold text-ink">Registro recente</h3>
        {entries.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">Nenhum evento registrado.</p>
        ) : (
          <ol className="mt-2 max-h-48 overflow-y-auto rounded-xl border border-line bg-muted p-3 font-mono text-xs leading-relaxed text-ink-muted">
            {entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className={cn(entry.level === 'error' && 'text-danger', entry.level === 'warning' && 'text-warm')}>
                <time dateTime={new Date(entry.at).toISOString()}>{new Date(entry.at).toLocaleTimeString('pt-BR')}</time> {entry.message}
                {entry.detail ? ` — ${entry.detail}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="primary" size="md" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </ModalDialog>
  )
}

function StatusIcon({ status }: { status: 'ok' | 'warning' | 'error' }) {
  if (status === 'ok') return <CircleCheck aria-label="OK" className="mt-0.5 size-4 shrink-0 text-success" />
  if (status === 'warning') return <TriangleAlert aria-label="Aviso" className="mt-0.5 size-4 shrink-0 text-warm" />
  return <CircleAlert aria-label="Erro" className="mt-0.5 size-4 shrink-0 text-danger" />
}
