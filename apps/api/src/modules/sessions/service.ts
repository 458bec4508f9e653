/**
 * Rendered sessions (docs/product/sessions.md): a request becomes a plan and a manifest; the stream
 * comes from the cache or is rendered while it is heard. Who may hear it is the caller's rule
 * (`authorize`): subscribers, or anyone when every audio is the public demo.
 */
import { createHash } from 'node:crypto'
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import {
  API,
  BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT,
  isDemoSessionVariant,
  SESSION_MSG,
  SESSION_NEW_RENDERS_PER_HOUR,
  SESSION_RENDERS_AT_ONCE_PER_LISTENER,
  SESSION_SAMPLE_RATE,
  type SessionManifest,
  type sessionRequestSchema,
} from '@sintonia/contract'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import type { ReadCache } from '../../lib/cache/read-cache.js'
import { CANONICAL_AUDIO } from '../../lib/media/canonical-audio.js'
import { countDecodedSamples } from '../../lib/media/ffmpeg.js'
import { HttpError } from '../../lib/http/errors.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { MediaStorage, StoredObject } from '../../lib/storage/media-storage.js'
import type { AudioRow } from '../catalogue/service.js'
import { DEFAULT_BACKGROUND_VOLUME, findActiveBackgroundTrack, findLatestVolume, listActiveBackgroundTracks } from '../catalogue/listener-service.js'
import { findRender, findVoiceLengths, recordRenders, saveVoiceLength, touchRender, upsertRender, type NewRenderRow, type RenderRow } from './repository.js'
import { renderStorageKey, type RenderJob, type SessionRenderer } from './renderer.js'
import { manifestOf, planSession, type PlanMusic, type SessionPlan } from './session-plan.js'
import type { MediaAddress, MediaAddressOptions } from '../../lib/http/redirect-to-media.js'

type SessionRequest = z.output<typeof sessionRequestSchema>

const SESSION_KEY = /^[a-f0-9]{32}$/

export interface SessionDeps {
  db: Database
  storage: MediaStorage
  log: ServiceLogger
  /** Null when no ffmpeg runs on this machine: sessions are then unavailable (503). */
  renderer: SessionRenderer | null
  /** Files ffmpeg can open for stored keys (./source-files.ts). */
  sourcePaths: (keys: string[]) => Promise<Map<string, string>>
  /** The built-in public track (the demo's music), when its file is there. */
  publicMusic: PlanMusic | null
  /** A stored stream's signed address (lib/http/redirect-to-media.ts). */
  mediaAddress: (options: MediaAddressOptions) => Promise<MediaAddress>
  /** SESSION_CACHE_MAX_MB in bytes: renders in progress count toward it. */
  cacheMaxBytes: number
  /** Counts one new session of `accountId` in the hour, across every instance (the shared limits, ADR 020). */
  countNewSession: (accountId: string) => Promise<number>
  /** The audios with these ids (those that exist), from the catalogue's cache. */
  findAudios: (ids: readonly string[]) => Promise<AudioRow[]>
  /**
   * Manifests of the sessions rendered ahead and stored, by who asks (a visitor or a listener) and
   * what they ask. They are the same for everyone, so the common case — the demo's variants, an
   * audio or a programme day at the default settings — is planned once per change instead of once
   * per press (docs/product/sessions.md#rendered-ahead). Dropped when an audio, a track or a
   * programme changes on any instance (./plugin.ts).
   */
  storedManifests: ReadCache<SessionManifest>
  /** Whether the session is rendered ahead (./prerender.ts): stored and never evicted, so its address stays good. */
  isRenderedAhead: (key: string) => boolean
  /** The id of the audio the public demo plays now (null without one), kept like the manifests. */
  publicDemoId: () => Promise<string | null>
}

/** Who hears: a listener with access (their account), or anyone hearing the public demo. */
export type Listener = { access: 'listener'; accountId: string } | { access: 'demo'; accountId: null }

/** Throws the refusal (401/403) when the caller may not hear these audios; otherwise says who hears them. */
export type Authorize = (audios: readonly AudioRow[]) => Promise<Listener>

function rendererOf(deps: SessionDeps): SessionRenderer {
  if (!deps.renderer) throw new HttpError(503, SESSION_MSG.unavailable)
  return deps.renderer
}

/** Decoded lengths, measured once per audio file and kept (a replaced file is measured again). */
const measuring = new Map<string, Promise<number>>()

async function voiceSamples(
  deps: SessionDeps,
  renderer: SessionRenderer,
  audios: readonly AudioRow[],
  background: boolean,
  known?: ReadonlyMap<string, { fileKey: string; samples: number }>,
): Promise<Map<string, number>> {
  known ??= await findVoiceLengths(deps.db, audios.map((audio) => audio.id))
  const samples = new Map<string, number>()
  await Promise.all(
    audios.map(async (audio) => {
      const kept = known.get(audio.id)
      if (kept && kept.fileKey === audio.fileKey) {
        samples.set(audio.id, kept.samples)
        return
      }
      let pending = measuring.get(audio.fileKey)
      if (!pending) {
        pending = (async () => {
          const paths = await deps.sourcePaths([audio.fileKey])
          const count = await countDecodedSamples(renderer.ffmpeg, CANONICAL_AUDIO.demuxer, paths.get(audio.fileKey)!, SESSION_SAMPLE_RATE, { background })
          await saveVoiceLength(deps.db, audio.id, audio.fileKey, count)
          return count
        })().finally(() => measuring.delete(audio.fileKey))
        measuring.set(audio.fileKey, pending)
      }
      try {
        samples.set(audio.id, await pending)
      } catch (error) {
        deps.log.error({ audioId: audio.id, err: (error as Error).message }, 'áudio não decodificado para a sessão')
        throw new HttpError(503, SESSION_MSG.audioFileMissing)
      }
    }),
  )
  return samples
}

/**
 * The track for 'auto': one of the active tracks, the same for the same first audio (so the same
 * request finds the same render), different across audios so listeners hear them all.
 */
function autoTrack<T extends { id: string }>(tracks: readonly T[], firstAudioId: string): T | null {
  if (tracks.length === 0) return null
  const sorted = [...tracks].sort((a, b) => a.id.localeCompare(b.id))
  const hash = createHash('sha256').update(firstAudioId).digest().readUInt32BE(0)
  return sorted[hash % sorted.length]!
}

/** What the music of a session is chosen from: read per request, or once for a whole pass of renders ahead. */
interface MusicSources {
  latestVolume: () => ReturnType<typeof findLatestVolume>
  activeTracks: () => ReturnType<typeof listActiveBackgroundTracks>
  activeTrack: (id: string) => ReturnType<typeof findActiveBackgroundTrack>
}

/** The sources, each read at most once however many sessions ask (a pass plans thousands with the same music). */
function sharedMusicSources(db: Database): MusicSources {
  let volume: ReturnType<typeof findLatestVolume> | undefined
  let tracks: ReturnType<typeof listActiveBackgroundTracks> | undefined
  const byId = new Map<string, ReturnType<typeof findActiveBackgroundTrack>>()
  return {
    latestVolume: () => (volume ??= findLatestVolume(db)),
    activeTracks: () => (tracks ??= listActiveBackgroundTracks(db)),
    activeTrack: (id) => {
      let track = byId.get(id)
      if (!track) byId.set(id, (track = findActiveBackgroundTrack(db, id)))
      return track
    },
  }
}

async function resolveMusic(
  deps: SessionDeps,
  request: SessionRequest,
  access: Listener['access'],
  sources: MusicSources = sharedMusicSources(deps.db),
): Promise<{ music: PlanMusic | null; level: number }> {
  if (access === 'demo') {
    // The admins' tracks are subscriber content: the public demo's music is the built-in track.
    const level = request.musicLevel ?? BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT
    if (request.music === 'none' || level === 0 || !deps.publicMusic) return { music: null, level: 0 }
    return { music: deps.publicMusic, level }
  }
  const level = request.musicLevel ?? (await sources.latestVolume()) ?? DEFAULT_BACKGROUND_VOLUME
  if (request.music === 'none' || level === 0) return { music: null, level: 0 }
  let track
  if (request.music === 'auto') track = autoTrack(await sources.activeTracks(), request.items[0]!.audioId)
  else {
    track = await sources.activeTrack(request.music)
    if (!track) throw new HttpError(404, SESSION_MSG.musicNotFound)
  }
  return track ? { music: { id: track.id, title: track.title, fileKey: track.fileKey }, level } : { music: null, level: 0 }
}

/**
 * Whether this listener may start one more render now (docs/product/sessions.md#fair-under-load):
 * the instance's queue has room and its disk allows it; a listener has at most
 * SESSION_RENDERS_AT_ONCE_PER_LISTENER renders running and starts at most
 * SESSION_NEW_RENDERS_PER_HOUR new sessions an hour (`countsNew`: only when asking for a new one).
 * Refusals change nothing; the player plays the audio's own file instead.
 */
async function admitRender(deps: SessionDeps, renderer: SessionRenderer, plan: SessionPlan, who: Listener, countsNew: boolean): Promise<void> {
  if (!renderer.admits(plan.key) || renderer.bytesInProgress() + plan.bytes > deps.cacheMaxBytes) throw new HttpError(503, SESSION_MSG.busy)
  if (who.access !== 'listener') return
  if (renderer.runningFor(who.accountId) >= SESSION_RENDERS_AT_ONCE_PER_LISTENER) throw new HttpError(429, SESSION_MSG.budgetExceeded)
  if (countsNew && (await deps.countNewSession(who.accountId)) > SESSION_NEW_RENDERS_PER_HOUR) throw new HttpError(429, SESSION_MSG.budgetExceeded)
}

/** The plan of a request for these audios, as a visitor (the demo) or a listener hears it. */
async function planFor(
  deps: SessionDeps,
  renderer: SessionRenderer,
  request: SessionRequest,
  found: readonly AudioRow[],
  access: Listener['access'],
): Promise<SessionPlan> {
  for (const audio of found) {
    if (!(await deps.storage.stat(audio.fileKey))) throw new HttpError(404, SESSION_MSG.audioFileMissing)
  }
  return layOut(deps, renderer, request, found, access, { background: false })
}

/** The plan from the audios' lengths (measured once, ./repository.ts) and the session's music. */
async function layOut(
  deps: SessionDeps,
  renderer: SessionRenderer,
  request: SessionRequest,
  found: readonly AudioRow[],
  access: Listener['access'],
  options: { background: boolean; lengths?: ReadonlyMap<string, { fileKey: string; samples: number }>; music?: MusicSources },
): Promise<SessionPlan> {
  const byId = new Map(found.map((audio) => [audio.id, audio]))
  const [samples, { music, level }] = await Promise.all([
    voiceSamples(deps, renderer, found, options.background, options.lengths),
    resolveMusic(deps, request, access, options.music),
  ])
  return planSession({
    items: request.items.map((item) => {
      const audio = byId.get(item.audioId)!
      return { voice: { audioId: audio.id, title: audio.title, fileKey: audio.fileKey, samples: samples.get(audio.id)! }, repetitions: item.repetitions }
    }),
    pauseSeconds: request.pauseSeconds,
    music,
    musicLevel: level,
    endAtSeconds: request.endAtSeconds,
    renderer: renderer.ffmpeg.version,
  })
}

/** The record of a planned session: its plan, who may hear it (its audios) and what it is mixed from. */
function renderRowOf(plan: SessionPlan): NewRenderRow {
  const audioIds = [...new Set(plan.items.map((item) => item.voice.audioId))]
  const sourceFileKeys = [...new Set(plan.items.map((item) => item.voice.fileKey).concat(plan.music ? [plan.music.fileKey] : []))]
  return { key: plan.key, plan, audioIds, sourceFileKeys, sizeBytes: plan.bytes }
}

/** Records a planned session (one row per key) and answers its manifest, with its stored bytes' address when it has them. */
async function recordAndDescribe(deps: SessionDeps, renderer: SessionRenderer, plan: SessionPlan): Promise<SessionManifest> {
  const { renderedAt } = await upsertRender(deps.db, renderRowOf(plan))
  const manifest = manifestOf(plan, API.sessions.audio(plan.key))
  // Already stored: the listener may have its bytes' address now, one round trip fewer at play.
  const stored = renderedAt && !renderer.current(plan.key) ? await deps.storage.stat(renderStorageKey(plan.key)) : null
  if (stored) {
    const direct = await deps.mediaAddress({ object: stored, contentType: 'audio/mpeg', playSeconds: plan.durationSeconds })
    manifest.direct = { url: direct.url, expiresAt: direct.expiresAt.toISOString() }
  }
  return manifest
}

/**
 * POST /api/sessions: checks the audios and who asks, lays the session out, admits it (a visitor
 * only the demo's variants; a listener within their budget), records it, answers where it plays.
 */
export async function describeSession(deps: SessionDeps, request: SessionRequest, authorize: Authorize): Promise<SessionManifest> {
  const ids = [...new Set(request.items.map((item) => item.audioId))]
  const found = await deps.findAudios(ids)
  if (found.length !== ids.length) throw new HttpError(404, SESSION_MSG.audioNotFound)
  const who = await authorize(found)
  // A visitor never starts an arbitrary render: only the demo's few variants, rendered ahead.
  if (who.access === 'demo' && !isDemoSessionVariant(request)) throw new HttpError(403, SESSION_MSG.demoVariantsOnly)
  const renderer = rendererOf(deps)
  // Who asks is settled above for every request; what a stored session is, is the same for all.
  return deps.storedManifests.getOrLoad(
    `${who.access}:${JSON.stringify(request)}`,
    async () => {
      const plan = await planFor(deps, renderer, request, found, who.access)
      const row = await findRender(deps.db, plan.key)
      if (!row?.renderedAt && !renderer.current(plan.key)) await admitRender(deps, renderer, plan, who, !row)
      return recordAndDescribe(deps, renderer, plan)
    },
    // Only a session stored for good keeps its answer (one in progress is admitted each time, one
    // a listener made may be evicted).
    (manifest) => manifest.direct !== undefined && deps.isRenderedAhead(manifest.key),
  )
}

/**
 * A session rendered ahead (./prerender.ts), planned and recorded as its listeners will ask for it:
 * a visitor for the demo's variants, any subscriber for the default-settings sessions.
 */
/** A session to plan ahead of its listeners (./prerender.ts). */
export interface AheadRequest {
  request: SessionRequest
  audios: readonly AudioRow[]
  access: Listener['access']
}

/** How many sessions a pass plans and records per round trip, giving the event loop back in between. */
const AHEAD_BATCH = 250

/**
 * Plans and records many sessions to render ahead — a pass plans one per audio of the catalogue,
 * on every instance, after every change. Planned one by one that was half a dozen round trips per
 * audio at the listeners' priority (minutes of a busy instance for 10,000 audios,
 * docs/performance.md); here the music is read once, the lengths and the records go by batch, and
 * listeners' requests run between batches. A file missing from storage is found by its render,
 * which fails and is tried again on the next pass. Answers each plan (or why it could not be
 * planned) in order, with whether it is already stored.
 */
export async function planAheadMany(
  deps: SessionDeps,
  sessions: readonly AheadRequest[],
): Promise<Array<{ plan: SessionPlan; renderedAt: Date | null } | { error: Error }>> {
  const renderer = rendererOf(deps)
  const music = sharedMusicSources(deps.db)
  const results: Array<{ plan: SessionPlan; renderedAt: Date | null } | { error: Error }> = []
  for (let start = 0; start < sessions.length; start += AHEAD_BATCH) {
    const batch = sessions.slice(start, start + AHEAD_BATCH)
    const lengths = await findVoiceLengths(deps.db, [...new Set(batch.flatMap((session) => session.audios.map((audio) => audio.id)))])
    // One after another: a length not measured yet is measured by ffmpeg, one file at a time.
    const planned: Array<{ plan: SessionPlan } | { error: Error }> = []
    for (const session of batch) {
      try {
        planned.push({ plan: await layOut(deps, renderer, session.request, session.audios, session.access, { background: true, lengths, music }) })
      } catch (error) {
        planned.push({ error: error as Error })
      }
    }
    const plans = planned.flatMap((entry) => ('plan' in entry ? [entry.plan] : []))
    const rendered = await recordRenders(deps.db, [...new Map(plans.map((plan) => [plan.key, renderRowOf(plan)])).values()])
    for (const entry of planned) results.push('plan' in entry ? { plan: entry.plan, renderedAt: rendered.get(entry.plan.key) ?? null } : entry)
    await yieldToRequests()
  }
  return results
}

export type SessionStream = { access: Listener['access'] } & ({ kind: 'stored'; object: StoredObject } | { kind: 'rendering'; job: RenderJob })

/**
 * GET /api/sessions/:key/audio: the stored stream, or the render in progress (started now when
 * the session was never rendered, or was evicted).
 */
export async function openSessionStream(deps: SessionDeps, key: string, authorize: Authorize): Promise<SessionStream> {
  const row = SESSION_KEY.test(key) ? await findRender(deps.db, key) : undefined
  if (!row) throw new HttpError(404, SESSION_MSG.notFound)
  const audios = await deps.findAudios(row.audioIds)
  if (audios.length !== row.audioIds.length) throw new HttpError(404, SESSION_MSG.notFound)
  const who = await authorize(audios)
  const access = who.access
  const renderer = rendererOf(deps)
  const inProgress = renderer.current(key)
  if (inProgress) return { access, kind: 'rendering', job: inProgress }
  if (row.renderedAt) {
    const object = await deps.storage.stat(renderStorageKey(key))
    if (object) {
      void touchRender(deps.db, key).catch((error: Error) => deps.log.warn({ err: error.message }, 'uso da sessão não registrado'))
      return { access, kind: 'stored', object }
    }
  }
  const plan = planOf(row)
  await admitRender(deps, renderer, plan, who, false)
  return { access, kind: 'rendering', job: renderer.render(plan, { owner: who.accountId }) }
}

function planOf(row: RenderRow): SessionPlan {
  return row.plan as SessionPlan
}
