/**
 * Sessions rendered ahead of any listener (docs/product/sessions.md#rendered-ahead): the public
 * demo's variants (contract sessions/demo-variants.ts), every programme day from its start and
 * every audio at the player's default settings (contract sessions/default-sessions.ts). They are
 * rendered once, whole, at the lowest priority, one after another, when the server starts and
 * whenever an audio, a track or a programme changes, and kept in storage out of the cache's
 * eviction: a listener who kept the defaults — most of them — costs what a file costs. Several
 * instances never render the same session twice: each claims a key through the shared counters
 * (ADR 020) before rendering it.
 */
import type { z } from 'zod'
import { defaultAudioSession, demoSessionVariants, programmeDaySession, type sessionRequestSchema } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import { listAllAudios, resolvePublicDemo, type AudioRow } from '../catalogue/service.js'
import { publishedProgrammeDays } from '../practice/programs-service.js'
import { findRender } from './repository.js'
import { renderStorageKey, type SessionRenderer } from './renderer.js'
import { planAheadMany, type Listener, type SessionDeps } from './service.js'
import type { SessionPlan } from './session-plan.js'

/** A claimed session that was not rendered in this long (its instance went away) may be claimed again. */
export const PRERENDER_CLAIM_MS = 15 * 60_000

/** One session to render ahead: the request its listeners send, its audios, and who hears it. */
export interface AheadSession {
  /** What it is, for the logs: 'demo', 'dia', 'áudio'. */
  kind: 'demo' | 'dia' | 'áudio'
  request: z.output<typeof sessionRequestSchema>
  audios: AudioRow[]
  access: Listener['access']
}

/**
 * What is rendered ahead, in the order it is rendered: the demo's variants (what visitors play),
 * then the programme days (the daily practice), then every audio at the default settings.
 */
export async function aheadSessions(db: Database, storage: MediaStorage): Promise<AheadSession[]> {
  const sessions: AheadSession[] = []
  const demo = (await resolvePublicDemo(db, storage))?.audio
  if (demo) for (const request of demoSessionVariants(demo.id)) sessions.push({ kind: 'demo', request, audios: [demo], access: 'demo' })
  for (const day of await publishedProgrammeDays(db)) {
    const request = programmeDaySession(day.items.map((item) => ({ audioId: item.audio.id, repetitions: item.repetitions })))
    if (request) sessions.push({ kind: 'dia', request, audios: [...new Map(day.items.map((item) => [item.audio.id, item.audio])).values()], access: 'listener' })
  }
  for (const audio of await listAllAudios(db)) sessions.push({ kind: 'áudio', request: defaultAudioSession(audio.id), audios: [audio], access: 'listener' })
  return sessions
}

export interface PrerenderDeps {
  sessions: SessionDeps
  renderer: SessionRenderer
  log: ServiceLogger
  /** The sessions to render ahead now (`aheadSessions` in production). */
  targets: () => Promise<AheadSession[]>
  /** True for the one instance that may render this key now (the shared counters' first hit). */
  claim: (key: string) => Promise<boolean>
}

/** Narrows a pass to some of the sessions (a test renders the short ones only). */
export type AheadSelection = (sessions: AheadSession[]) => AheadSession[]

export interface PrerenderPass {
  /** Rendered by this instance in this pass. */
  rendered: number
  /** Already in storage, or claimed by another instance. */
  skipped: number
  /** Could not be planned or rendered (an audio's file missing…): tried again on the next pass. */
  failed: number
}

export class Prerenderer {
  /** The keys of the sessions rendered ahead now: kept in storage whatever their age. */
  private keys = new Set<string>()
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false

  constructor(private readonly deps: PrerenderDeps) {}

  pinned(): ReadonlySet<string> {
    return this.keys
  }

  /** Lays out and records a session to render ahead, as its listeners will ask for it (its key is theirs). */
  async plan(session: AheadSession): Promise<SessionPlan> {
    const [entry] = await planAheadMany(this.deps.sessions, [session])
    if (!entry || 'error' in entry) throw entry?.error ?? new Error('sessão adiantada não planejada')
    return entry.plan
  }

  /** Runs a pass after the ones already asked for (one at a time); resolves with its outcome. */
  schedule(select: AheadSelection = (sessions) => sessions): Promise<PrerenderPass> {
    const next = this.queue.then(() => this.pass(select))
    this.queue = next.catch((error: Error) => this.deps.log.warn({ err: error.message }, 'sessões adiantadas: passagem falhou'))
    return next
  }

  async close(): Promise<void> {
    this.closed = true
    await this.queue
  }

  private async pass(select: AheadSelection): Promise<PrerenderPass> {
    const outcome: PrerenderPass = { rendered: 0, skipped: 0, failed: 0 }
    const targets = select(await this.deps.targets())
    if (this.closed) return outcome
    const planned = await planAheadMany(this.deps.sessions, targets)
    const plans = new Map<string, { plan: SessionPlan; renderedAt: Date | null }>()
    planned.forEach((entry, i) => {
      if ('plan' in entry) return plans.set(entry.plan.key, entry)
      outcome.failed++
      const session = targets[i]!
      this.deps.log.warn({ kind: session.kind, audioIds: session.audios.map((audio) => audio.id), err: entry.error.message }, 'sessão adiantada não planejada')
    })
    this.keys = new Set(plans.keys())
    // One session after another: rendering ahead is background work.
    for (const { plan, renderedAt } of plans.values()) {
      if (this.closed) break
      // One a listener is hearing here already goes on as a render ahead (the renderer's `render`).
      if (!this.deps.renderer.current(plan.key)) {
        // Not stored when planned: perhaps stored meanwhile (a listener's render), so asked again now.
        const stored = renderedAt ?? (await findRender(this.deps.sessions.db, plan.key))?.renderedAt
        if ((stored && (await this.deps.sessions.storage.stat(renderStorageKey(plan.key)))) || !(await this.deps.claim(plan.key))) {
          outcome.skipped++
          continue
        }
      }
      try {
        await this.deps.renderer.render(plan, { ahead: true }).finished
        outcome.rendered++
      } catch (error) {
        outcome.failed++
        this.deps.log.warn({ session: plan.key, err: (error as Error).message }, 'sessão adiantada não renderizada')
      }
    }
    if (outcome.rendered > 0 || outcome.failed > 0) this.deps.log.info({ ...outcome }, 'sessões adiantadas')
    return outcome
  }
}
