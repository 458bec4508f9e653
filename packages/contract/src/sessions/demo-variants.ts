/**
 * The sessions a visitor may hear (docs/product/sessions.md#who-may-hear-it): the public demo audio
 * alone, at the demo page's default settings or with one of a few repetition counts, with or
 * without its music — a small, fixed set the server renders ahead. Any other setting on the demo
 * plays the audio's own file with page-code repetitions, so a visitor can never start a render.
 */
import { BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT } from '../common/constants.js'
import type { z } from 'zod'
import type { SessionRequest, sessionRequestSchema } from './sessions.js'

/** 0 is "sem parar" (the demo page's default); the others are the counts a visitor most often picks. */
export const DEMO_SESSION_REPETITIONS = [0, 1, 3, 5, 10] as const

/** The music levels of the demo's variants: the admins' default level, or no music. */
export const DEMO_SESSION_MUSIC_LEVELS = [BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT, 0] as const

/** Whether a request for the demo audio is one of the variants visitors may hear. */
export function isDemoSessionVariant(request: SessionRequest): boolean {
  if (request.items.length !== 1) return false
  const [item] = request.items
  if (!(DEMO_SESSION_REPETITIONS as readonly number[]).includes(item!.repetitions)) return false
  if (request.pauseSeconds !== 0) return false
  if ((request.endAtSeconds ?? null) !== null) return false
  const music = request.music ?? 'auto'
  if (music !== 'auto' && music !== 'none') return false
  if (music === 'none') return true
  return request.musicLevel === undefined || (DEMO_SESSION_MUSIC_LEVELS as readonly number[]).includes(request.musicLevel)
}

/** Every variant as a request, for the demo audio `audioId` (what the server renders ahead). */
export function demoSessionVariants(audioId: string): Array<z.output<typeof sessionRequestSchema>> {
  return DEMO_SESSION_REPETITIONS.flatMap((repetitions) =>
    DEMO_SESSION_MUSIC_LEVELS.map((musicLevel) => ({ items: [{ audioId, repetitions }], pauseSeconds: 0, music: 'auto' as const, musicLevel, endAtSeconds: null })),
  )
}
