/**
 * Sessions rendered ahead of any listener (docs/product/sessions.md#rendered-ahead): the public
 * demo's variants (contract sessions/demo-variants.ts) are rendered once, whole, at the lowest
 * priority, when the server starts and whenever an audio or a track changes, and kept in storage
 * out of the cache's eviction — a visitor's press on "Reproduzir" then costs what a file costs.
 * Several instances never render the same variant twice: each claims a key through the shared
 * counters (ADR 020) before rendering it.
 */
import { demoSessionVariants } from '@sintonia/contract'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { AudioRow } from '../catalogue/service.js'
import { findRender } from './repository.js'
import { renderStorageKey, type SessionRenderer } from './renderer.js'
import { planDemoVariant, type SessionDeps } from './service.js'

/** A claimed variant that was not rendered in this long (its instance went away) may be claimed again. */
export const PRERENDER_CLAIM_MS = 15 * 60_000

export interface PrerenderDeps {
  sessions: SessionDeps
  renderer: SessionRenderer
  log: ServiceLogger
  /** The audio the public demo plays now, if any. */
  currentDemo: () => Promise<AudioRow | null>
  /** True for the one instance that may render this key now (the shared counters' first hit). */
  claim: (key: string) => Promise<boolean>
}

/** The requests to render for a demo audio: the demo's variants (a test may give shorter ones). */
export type VariantsOf = typeof demoSessionVariants

export interface PrerenderPass {
  /** Rendered by this instance in this pass. */
  rendered: number
  /** Already in storage, or claimed by another instance. */
  skipped: number
}

export class Prerenderer {
  /** The keys of the variants of the current demo: kept in storage whatever their age. */
  private keys = new Set<string>()
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false

  constructor(private readonly deps: PrerenderDeps) {}

  pinned(): ReadonlySet<string> {
    return this.keys
  }

  /** Runs a pass after the ones already asked for (one at a time); resolves with its outcome. */
  schedule(variants: VariantsOf = demoSessionVariants): Promise<PrerenderPass> {
    const next = this.queue.then(() => this.pass(variants))
    this.queue = next.catch((error: Error) => this.deps.log.warn({ err: error.message }, 'sessões adiantadas: passagem falhou'))
    return next
  }

  async close(): Promise<void> {
    this.closed = true
    await this.queue
  }

  private async pass(variants: VariantsOf): Promise<PrerenderPass> {
    const outcome: PrerenderPass = { rendered: 0, skipped: 0 }
    const demo = await this.deps.currentDemo()
    if (!demo) {
      this.keys = new Set()
      return outcome
    }
    const plans = []
    for (const request of variants(demo.id)) plans.push(await planDemoVariant(this.deps.sessions, request, demo))
    this.keys = new Set(plans.map((plan) => plan.key))
    // One variant after another: rendering ahead is background work.
    for (const plan of plans) {
      if (this.closed) break
      const running = this.deps.renderer.current(plan.key)
      if (running) {
        await running.finished.catch(() => undefined)
        outcome.skipped++
        continue
      }
      const row = await findRender(this.deps.sessions.db, plan.key)
      if ((row?.renderedAt && (await this.deps.sessions.storage.stat(renderStorageKey(plan.key)))) || !(await this.deps.claim(plan.key))) {
        outcome.skipped++
        continue
      }
      try {
        await this.deps.renderer.render(plan, { ahead: true }).finished
        outcome.rendered++
      } catch (error) {
        this.deps.log.warn({ session: plan.key, err: (error as Error).message }, 'sessão adiantada não renderizada')
      }
    }
    if (outcome.rendered > 0) this.deps.log.info({ ...outcome }, 'sessões da demonstração renderizadas adiantadas')
    return outcome
  }
}
