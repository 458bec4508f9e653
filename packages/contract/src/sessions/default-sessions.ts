/**
 * The sessions most listeners ask for (docs/product/sessions.md#rendered-ahead): an audio of a field
 * at the player's default settings, and a programme day from its start. The server renders them
 * ahead, so they cost what a file costs; the web asks for exactly these when the listener kept the
 * defaults (apps/web's session-request test checks that both sides agree, so the keys meet).
 */
import type { z } from 'zod'
import { AUDIO_DEFAULT_REPEAT_COUNT } from '../common/constants.js'
import { AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S } from '../listening/player.js'
import { SESSION_MAX_ITEMS, type sessionRequestSchema } from './sessions.js'

type RequestOutput = z.output<typeof sessionRequestSchema>

/** One audio of a field, played alone with the default count ("sem parar"), pause and music. */
export function defaultAudioSession(audioId: string): RequestOutput {
  return {
    items: [{ audioId, repetitions: AUDIO_DEFAULT_REPEAT_COUNT }],
    pauseSeconds: AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
    music: 'auto',
    endAtSeconds: null,
  }
}

/**
 * A programme day from its start, at default settings: its audios in order, each with the day's
 * own count, in one stream (a first audio "sem parar" plays alone, as the player does).
 */
export function programmeDaySession(items: ReadonlyArray<{ audioId: string; repetitions: number }>): RequestOutput | null {
  const first = items[0]
  if (!first) return null
  const chosen = first.repetitions === 0 ? [first] : items.slice(0, SESSION_MAX_ITEMS)
  return {
    items: chosen.map((item) => ({ audioId: item.audioId, repetitions: item.repetitions })),
    pauseSeconds: AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
    music: 'auto',
    endAtSeconds: null,
  }
}
