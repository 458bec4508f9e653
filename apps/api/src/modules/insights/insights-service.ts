import {
  isValidLandingContent,
  type AdvancedAnalytics,
  type AnalyticsSummary,
  type Financial,
  type ListeningStats,
  type ValidationReport,
  type VideosContent,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { parseStream } from 'music-metadata'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import { SNIFF_BYTES, sniffVideo } from '../../lib/uploads/sniff.js'
import { boundsOf } from '../../db/rows.js'
import { VIDEO_FILE_MIME, storedVideoKey } from '../content/landing-admin-service.js'
import { getLandingVideos } from '../content/landing-service.js'
import { funnelSteps } from './funnel-rule.js'
import { goodbyeReport } from '../commerce/goodbye-service.js'
import { giftReport } from '../commerce/gifts-service.js'
import {
  activePaidSubscriptions,
  allAudios,
  allMusic,
  analyticsTotals,
  countFields,
  fieldsWithoutAudios,
  funnelCounts,
  landingRow,
  listeningStats,
  monthlyFinancials,
  revenueByMethod,
  planCounts,
  refundTotals,
  disputeTotals,
  topPlayedAudios,
  type Bounds,
} from './insights-repository.js'

interface RangeQuery {
  from?: string | undefined
  to?: string | undefined
}

/**
 * The analytics read (docs/product/admin.md#analytics-adminanalytics): totals, unique users, top 10
 * event types, active users in the last 24 h.
 */
export async function getAnalyticsSummary(db: Database, query: RangeQuery): Promise<AnalyticsSummary> {
  const bounds = boundsOf(query)
  return { ...(await analyticsTotals(db, bounds)), from: bounds.from?.toISOString() ?? null, to: bounds.to?.toISOString() ?? null }
}

export async function getAdvancedAnalytics(db: Database, query: RangeQuery): Promise<AdvancedAnalytics> {
  const bounds = boundsOf(query)
  const [summary, funnel, topAudios] = await Promise.all([analyticsTotals(db, bounds), funnelCounts(db, bounds), topPlayedAudios(db, bounds, 10)])
  return {
    ...summary,
    from: bounds.from?.toISOString() ?? null,
    to: bounds.to?.toISOString() ?? null,
    funnel: funnelSteps(funnel),
    topAudios,
  }
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Listening stats default to the last 30 days: per-day rows over all time would grow without end. */
export const LISTENING_DEFAULT_DAYS = 30

export async function getListeningStats(db: Database, query: RangeQuery): Promise<ListeningStats> {
  const given = boundsOf(query)
  const bounds: Bounds = given.from || given.to ? given : { from: new Date(Date.now() - LISTENING_DEFAULT_DAYS * DAY_MS), to: null }
  return listeningStats(db, bounds)
}

/**
 * The financial view from recorded payments. MRR: each paid subscription that gives access now
 * contributes its last payment (net of refunds) divided by its plan's months.
 */
export async function getFinancial(db: Database, months: number): Promise<Financial> {
  const [rows, active] = await Promise.all([monthlyFinancials(db, months), activePaidSubscriptions(db)])
  const first = rows[0]?.month
  const since = first ? new Date(`${first}-01T00:00:00Z`) : new Date()
  const [refunds, disputes, byMethod, goodbyes, gifts] = await Promise.all([
    refundTotals(db, since),
    disputeTotals(db, since),
    revenueByMethod(db, since),
    goodbyeReport(db, since),
    giftReport(db, since),
  ])
  const byPlan = new Map<string, { planCode: string; planName: string; count: number }>()
  let mrr = 0
  for (const sub of active) {
    mrr += sub.periodCents / Math.max(1, sub.intervalMonths)
    const entry = byPlan.get(sub.planCode) ?? { planCode: sub.planCode, planName: sub.planName, count: 0 }
    entry.count++
    byPlan.set(sub.planCode, entry)
  }
  const monthsOut = rows.map((row) => ({
    month: row.month,
    revenueCents: Number(row.revenue),
    refundsCents: Number(row.refunds),
    payments: Number(row.payments),
    newSubscriptions: Number(row.new_subs),
    cancelledSubscriptions: Number(row.cancelled),
  }))
  const revenue = monthsOut.reduce((sum, m) => sum + m.revenueCents, 0)
  const refunded = monthsOut.reduce((sum, m) => sum + m.refundsCents, 0)
  return {
    currency: 'BRL',
    mrrCents: Math.round(mrr),
    activeSubscriptions: active.length,
    months: monthsOut,
    activeByPlan: [...byPlan.values()].sort((a, b) => b.count - a.count),
    refunds,
    disputes,
    byMethod,
    totals: { revenueCents: revenue, refundsCents: refunded, netCents: revenue - refunded },
    goodbyes,
    gifts,
  }
}

/**
 * Seconds decoded from the stored bytes by music-metadata (audio, or the container of an MP4, MOV
 * or WebM video), or null when they do not decode as the given type.
 */
async function decodedDurationSeconds(storage: MediaStorage, key: string, mimeType: string, size: number): Promise<number | null> {
  const stream = storage.read(key)
  try {
    const metadata = await parseStream(stream, { mimeType, size }, { duration: true, skipCovers: true })
    const seconds = metadata.format.duration
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null
  } catch {
    return null
  } finally {
    stream.destroy()
  }
}

/** A recorded duration may differ from the decoded one by rounding and encoder padding. */
const DURATION_TOLERANCE_SECONDS = 2

type Problem = ValidationReport['problems'][number]

/** The first bytes of a stored file (fewer when it is shorter), for sniffing its type. */
async function storedHead(storage: MediaStorage, key: string, size: number): Promise<Buffer> {
  if (size <= 0) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 })) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES)
}

/** Video containers music-metadata reads; AVI and MPEG are only checked by their first bytes. */
const DECODABLE_VIDEO_EXTS = new Set(['mp4', 'mov', 'webm'])

const VIDEO_FIX = { fixPath: '/admin/landing-videos', fixLabel: 'Abrir vídeos' } as const

/**
 * The files of the landing's uploaded videos: present in storage, of the type their name says (by
 * magic bytes), decodable where music-metadata can read the container, and their thumbnail present.
 * YouTube and embed videos live on other sites and are not checked; neither is an upload whose
 * address is not one of our generated file names (nothing of ours to look at). A missing active
 * video cannot happen: `videosContentSchema` refuses an active id outside the list on every save,
 * and `resolveVideosContent` turns such an id into none on every read.
 */
async function videoProblems(storage: MediaStorage, content: VideosContent): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const video of content.videos) {
    // YouTube and embed videos are external: their files are not ours to check.
    if (video.type !== 'upload') continue
    const key = storedVideoKey(video.url)
    if (!key) continue
    const title = video.title || 'sem título'
    const stat = await storage.stat(key).catch(() => null)
    if (!stat) {
      problems.push({
        kind: 'video_file_missing',
        severity: 'error',
        message: `O arquivo do vídeo "${title}" não foi encontrado no armazenamento.`,
        ...VIDEO_FIX,
      })
    } else {
      const ext = key.slice(key.lastIndexOf('.') + 1)
      const expected = VIDEO_FILE_MIME[ext]
      const sniffed = sniffVideo(await storedHead(storage, key, stat.size).catch(() => Buffer.alloc(0)))
      if (!sniffed || sniffed.mime !== expected) {
        problems.push({
          kind: 'video_type_mismatch',
          severity: 'error',
          message: sniffed
            ? `O arquivo do vídeo "${title}" é ${sniffed.ext.toUpperCase()}, mas o cadastro diz ${ext.toUpperCase()}.`
            : `O arquivo do vídeo "${title}" não é um vídeo, mas o cadastro diz ${ext.toUpperCase()}.`,
          ...VIDEO_FIX,
        })
      } else if (DECODABLE_VIDEO_EXTS.has(ext) && (await decodedDurationSeconds(storage, key, sniffed.mime, stat.size)) === null) {
        problems.push({
          kind: 'video_undecodable',
          severity: 'error',
          message: `O arquivo do vídeo "${title}" não pôde ser lido como vídeo.`,
          ...VIDEO_FIX,
        })
      }
    }
    const thumbnailKey = storedVideoKey(video.thumbnail_url)
    if (thumbnailKey && !(await storage.stat(thumbnailKey).catch(() => null))) {
      problems.push({
        kind: 'video_thumbnail_missing',
        severity: 'warning',
        message: `A miniatura do vídeo "${title}" não foi encontrada no armazenamento; o vídeo aparece sem ela.`,
        ...VIDEO_FIX,
      })
    }
  }
  return problems
}

/**
 * Content health: fields without audios, audio and music files missing from storage, not
 * matching their record or not decodable as audio (music-metadata reads the stored bytes), audios
 * whose recorded duration is missing or differs from the file's, uploaded landing videos (see
 * `videoProblems`), landing content the site would refuse (and replace by the default), no active
 * plan, no usable demo. Each problem names the page that fixes it.
 */
export async function runValidation(db: Database, storage: MediaStorage): Promise<ValidationReport> {
  const problems: Problem[] = []
  const [emptyFields, audioRows, musicRows, landing, videos, planTotals, fieldTotal] = await Promise.all([
    fieldsWithoutAudios(db),
    allAudios(db),
    allMusic(db),
    landingRow(db),
    getLandingVideos(db),
    planCounts(db),
    countFields(db),
  ])
  for (const field of emptyFields) {
    problems.push({
      kind: 'field_without_audios',
      severity: 'warning',
      message: `O campo "${field.title}" não tem áudios e aparece vazio para os assinantes.`,
      fixPath: '/admin/audios',
      fixLabel: 'Adicionar áudio',
    })
  }
  let usableDemo = false
  for (const audio of audioRows) {
    const stat = await storage.stat(audio.fileKey).catch(() => null)
    if (!stat) {
      problems.push({
        kind: 'audio_file_missing',
        severity: 'error',
        message: `O arquivo do áudio "${audio.title}" não foi encontrado no armazenamento.`,
        fixPath: '/admin/audios',
        fixLabel: 'Substituir arquivo',
      })
      continue
    }
    if (stat.size !== audio.sizeBytes) {
      problems.push({
        kind: 'audio_file_mismatch',
        severity: 'warning',
        message: `O arquivo do áudio "${audio.title}" tem ${stat.size} bytes, mas o cadastro diz ${audio.sizeBytes}.`,
        fixPath: '/admin/audios',
        fixLabel: 'Reenviar arquivo',
      })
    }
    const decoded = await decodedDurationSeconds(storage, audio.fileKey, audio.mimeType, stat.size)
    if (audio.isDemo && decoded !== null) usableDemo = true
    if (decoded === null) {
      problems.push({
        kind: 'audio_undecodable',
        severity: 'error',
        message: `O arquivo do áudio "${audio.title}" não pôde ser lido como áudio.`,
        fixPath: '/admin/audios',
        fixLabel: 'Substituir arquivo',
      })
    } else if (audio.durationSeconds <= 0) {
      problems.push({
        kind: 'audio_duration_missing',
        severity: 'warning',
        message: `O áudio "${audio.title}" está sem duração no cadastro; o arquivo tem ${Math.round(decoded)} s.`,
        fixPath: '/admin/audios',
        fixLabel: 'Reenviar arquivo',
      })
    } else if (Math.abs(decoded - audio.durationSeconds) > DURATION_TOLERANCE_SECONDS) {
      problems.push({
        kind: 'audio_duration_mismatch',
        severity: 'warning',
        message: `O áudio "${audio.title}" tem ${Math.round(decoded)} s no arquivo, mas ${audio.durationSeconds} s no cadastro.`,
        fixPath: '/admin/audios',
        fixLabel: 'Reenviar arquivo',
      })
    }
  }
  for (const track of musicRows) {
    const stat = await storage.stat(track.fileKey).catch(() => null)
    if (!stat) {
      problems.push({
        kind: 'music_file_missing',
        severity: 'error',
        message: `O arquivo da música de fundo "${track.title}" não foi encontrado no armazenamento.`,
        fixPath: '/admin/background-music',
        fixLabel: 'Abrir música de fundo',
      })
    } else if ((await decodedDurationSeconds(storage, track.fileKey, track.mimeType, stat.size)) === null) {
      problems.push({
        kind: 'music_undecodable',
        severity: 'error',
        message: `O arquivo da música de fundo "${track.title}" não pôde ser lido como áudio.`,
        fixPath: '/admin/background-music',
        fixLabel: 'Abrir música de fundo',
      })
    }
  }
  problems.push(...(await videoProblems(storage, videos)))
  if (landing && !isValidLandingContent(landing.content)) {
    problems.push({
      kind: 'landing_invalid',
      severity: 'error',
      message: 'O conteúdo salvo da página inicial é inválido; o site está mostrando o conteúdo padrão.',
      fixPath: '/admin/landing',
      fixLabel: 'Editar página inicial',
    })
  }
  if (planTotals.active === 0) {
    problems.push({
      kind: 'no_active_plans',
      severity: 'error',
      message: 'Nenhum plano está ativo: ninguém consegue assinar.',
      fixPath: '/admin/subscription-plans',
      fixLabel: 'Ativar um plano',
    })
  }
  if (!usableDemo) {
    problems.push({
      kind: 'demo_missing',
      severity: audioRows.length > 0 ? 'warning' : 'error',
      message:
        audioRows.length > 0
          ? 'Nenhum áudio utilizável está marcado como demonstração; a página /demo usa outro áudio no lugar.'
          : 'Não há áudios: a página /demo não tem o que tocar.',
      fixPath: '/admin/audios',
      fixLabel: 'Escolher áudio de demonstração',
    })
  }
  return {
    checkedAt: new Date().toISOString(),
    checked: { fields: fieldTotal, audios: audioRows.length, music: musicRows.length, videos: videos.videos.length, plans: planTotals.total },
    problems,
  }
}
