import {
  AUDIO_METADATA_DIAGNOSTIC_TIMEOUT_MS,
  CONNECTIVITY_CHECK_TIMEOUT_MS,
  PLAYER_MSG,
  formatDuration,
} from '@sintonia/contract'
import { describeMediaError, describeProbeError } from './audio-errors'
import { errorMessage, errorName, type MediaElementLike } from './store'
import { headWithTimeout, validateAudioUrl, type FetchLike } from './validate-url'

export type FindingStatus = 'ok' | 'warning' | 'error'

export interface DiagnosticFinding {
  id: 'element' | 'source' | 'readyState' | 'network' | 'mediaError' | 'format' | 'online' | 'url' | 'server'
  label: string
  status: FindingStatus
  detail: string
}

export interface DiagnosticsReport {
  /** true when no finding is an error (warnings allowed). */
  ok: boolean
  problems: number
  warnings: number
  findings: DiagnosticFinding[]
  /** One line for the toast and the top of the dialog. */
  summary: string
  ranAt: number
}

export interface DiagnosticsInput {
  element: MediaElementLike
  url: string
  fetch: FetchLike
  baseUrl?: string
  isOnline?: () => boolean
  /** HEAD-checked to tell "the server is down" from "this file is missing"; null skips it. */
  healthUrl?: string | null
  urlTimeoutMs?: number
  healthTimeoutMs?: number
}

const READY_STATE_LABELS = [
  'Nenhum dado carregado (HAVE_NOTHING)',
  'Metadados carregados (HAVE_METADATA)',
  'Dados do trecho atual (HAVE_CURRENT_DATA)',
  'Dados para continuar (HAVE_FUTURE_DATA)',
  'Dados suficientes para tocar (HAVE_ENOUGH_DATA)',
]

const EXTENSION_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  wav: 'audio/wav',
  webm: 'audio/webm',
  flac: 'audio/flac',
}

/** The MIME type to ask canPlayType about, guessed from the file extension (MP3 otherwise). */
export function guessAudioType(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return EXTENSION_TYPES[extension] ?? 'audio/mpeg'
}

/** Inspects the element, the file and the server; never throws for a failed check, only for a bug. */
export async function collectDiagnostics(input: DiagnosticsInput): Promise<DiagnosticsReport> {
  const { element, url } = input
  const findings: DiagnosticFinding[] = []
  const add = (finding: DiagnosticFinding) => findings.push(finding)

  add({ id: 'element', label: 'Elemento de áudio', status: 'ok', detail: 'Disponível' })
  add(
    url
      ? { id: 'source', label: 'Fonte do áudio', status: 'ok', detail: url }
      : { id: 'source', label: 'Fonte do áudio', status: 'error', detail: PLAYER_MSG.noSource },
  )

  const readyState = element.readyState
  add({
    id: 'readyState',
    label: 'Estado de carregamento',
    status: readyState >= 1 ? 'ok' : 'warning',
    detail: READY_STATE_LABELS[readyState] ?? `readyState ${readyState}`,
  })

  // NETWORK_NO_SOURCE (3): the element gave up on every source it had.
  if (url && element.networkState === 3) {
    add({ id: 'network', label: 'Estado da rede', status: 'error', detail: 'Nenhuma fonte de áudio utilizável' })
  } else {
    add({ id: 'network', label: 'Estado da rede', status: 'ok', detail: `networkState ${element.networkState}` })
  }

  add(
    element.error
      ? { id: 'mediaError', label: 'Erro de mídia', status: 'error', detail: describeMediaError(element.error) }
      : { id: 'mediaError', label: 'Erro de mídia', status: 'ok', detail: 'Nenhum' },
  )

  const type = guessAudioType(url)
  const support = element.canPlayType(type)
  add({
    id: 'format',
    label: 'Suporte ao formato',
    status: support ? 'ok' : 'warning',
    detail: support ? `${type}: ${support}` : `O navegador pode não reproduzir ${type}`,
  })

  const online = input.isOnline ? input.isOnline() : typeof navigator === 'undefined' || navigator.onLine !== false
  add(
    online
      ? { id: 'online', label: 'Conexão com a internet', status: 'ok', detail: 'Online' }
      : { id: 'online', label: 'Conexão com a internet', status: 'error', detail: 'Sem conexão com a internet' },
  )

  if (url) {
    const check = await validateAudioUrl(url, {
      fetch: input.fetch,
      ...(input.urlTimeoutMs === undefined ? {} : { timeoutMs: input.urlTimeoutMs }),
      ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
    })
    if (!check.ok) add({ id: 'url', label: 'Acesso ao arquivo', status: 'error', detail: check.error ?? PLAYER_MSG.diagUnknown })
    else if (check.warning) add({ id: 'url', label: 'Acesso ao arquivo', status: 'warning', detail: check.warning })
    else {
      const detail = check.status ? `HTTP ${check.status}${check.contentType ? ` (${check.contentType})` : ''}` : 'Cópia local'
      add({ id: 'url', label: 'Acesso ao arquivo', status: 'ok', detail })
    }
  }

  if (input.healthUrl) {
    const base = input.baseUrl ?? (typeof location === 'undefined' ? undefined : location.href)
    const healthHref = new URL(input.healthUrl, base).href
    const { response, timedOut } = await headWithTimeout(
      input.fetch,
      healthHref,
      input.healthTimeoutMs ?? CONNECTIVITY_CHECK_TIMEOUT_MS,
    )
    if (response?.ok) add({ id: 'server', label: 'Servidor', status: 'ok', detail: 'Respondendo' })
    else if (response) add({ id: 'server', label: 'Servidor', status: 'error', detail: `Servidor respondeu HTTP ${response.status}` })
    else add({ id: 'server', label: 'Servidor', status: 'error', detail: timedOut ? 'Servidor não respondeu a tempo' : 'Servidor inacessível' })
  }

  const problems = findings.filter((f) => f.status === 'error')
  const warnings = findings.filter((f) => f.status === 'warning')
  let summary: string
  if (problems.length === 0) {
    summary = 'Nenhum problema encontrado.'
    if (warnings.length > 0) summary += ` ${warnings.length} ${warnings.length === 1 ? 'aviso' : 'avisos'}: ${warnings.map((f) => f.label).join(', ')}.`
  } else {
    const list = problems.map((f) => `${f.label} (${f.detail})`).join('; ')
    summary = `${problems.length} ${problems.length === 1 ? 'problema encontrado' : 'problemas encontrados'}: ${list}.`
  }
  return { ok: problems.length === 0, problems: problems.length, warnings: warnings.length, findings, summary, ranAt: Date.now() }
}

export interface PlaybackTestResult {
  ok: boolean
  message: string
  /** Seconds, when metadata loaded. */
  duration?: number
}

export interface PlaybackTestOptions {
  createProbe: () => MediaElementLike | null
  timeoutMs?: number
}

class ProbeFailure extends Error {}

/**
 * Loads the URL in a separate, silent element: metadata within 10 s ('Timeout ao carregar
 * metadata'), then a play() to surface the autoplay policy. Leaves the main player untouched.
 */
export async function testAudioPlayback(url: string, options: PlaybackTestOptions): Promise<PlaybackTestResult> {
  if (!url) return { ok: false, message: PLAYER_MSG.noSource }
  const probe = options.createProbe()
  if (!probe) return { ok: false, message: PLAYER_MSG.elementMissing }
  const timeoutMs = options.timeoutMs ?? AUDIO_METADATA_DIAGNOSTIC_TIMEOUT_MS
  let onMetadata: () => void = () => {}
  let onError: () => void = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined

  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new ProbeFailure(PLAYER_MSG.metadataTimeout)), timeoutMs)
      onMetadata = () => resolve()
      onError = () => reject(new ProbeFailure(describeProbeError(probe.error)))
      probe.addEventListener('loadedmetadata', onMetadata)
      probe.addEventListener('error', onError)
      probe.preload = 'metadata'
      // Volume 0 rather than muted: muted playback is always allowed, so it would hide the policy.
      probe.volume = 0
      probe.src = url
      probe.load()
    })
    const duration = Number.isFinite(probe.duration) && probe.duration > 0 ? probe.duration : undefined
    try {
      await probe.play()
      probe.pause()
    } catch (error) {
      if (errorName(error) === 'NotAllowedError') return { ok: false, message: PLAYER_MSG.diagAutoplay }
      return { ok: false, message: errorName(error) === 'NotSupportedError' ? PLAYER_MSG.diagNotSupported : PLAYER_MSG.diagUnknown }
    }
    const message = duration === undefined ? 'Áudio carregado e reproduzido' : `Áudio carregado e reproduzido (${formatDuration(duration)})`
    return duration === undefined ? { ok: true, message } : { ok: true, message, duration }
  } catch (error) {
    return { ok: false, message: error instanceof ProbeFailure ? error.message : errorMessage(error) || PLAYER_MSG.diagUnknown }
  } finally {
    clearTimeout(timer)
    probe.removeEventListener('loadedmetadata', onMetadata)
    probe.removeEventListener('error', onError)
    probe.pause()
    probe.removeAttribute('src')
  }
}
