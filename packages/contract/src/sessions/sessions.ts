/**
 * Rendered sessions (docs/product/sessions.md): what a listener hears — the voice × its
 * repetitions, the pauses, the background music under it, the fades — mixed on the server into one
 * continuous stream that keeps playing with the screen locked. The web asks for a session with a
 * request, gets a manifest (where each repetition sits in the stream) and plays one media element.
 */
import { z } from 'zod'

/**
 * The stream's format, one for every session: MP3, joint stereo, 48 kHz, 128 kbit/s constant
 * (docs/decisions/019-rendered-sessions-ffmpeg.md; the bit rate and stereo:
 * docs/decisions/034-session-sound-quality.md). Seeks and pieces count bytes by it.
 */
export const SESSION_SAMPLE_RATE = 48_000
export const SESSION_BITRATE_KBPS = 128
/** Stereo, so a music bed keeps its width; the voice sits in the centre. */
export const SESSION_CHANNELS: 1 | 2 = 2
/** Bytes of one minute of session: 128 kbit/s → 960,000 bytes. */
export const SESSION_BYTES_PER_MINUTE = (SESSION_BITRATE_KBPS * 1000 * 60) / 8
/** Music alone before the first voice, fading in. */
export const SESSION_LEAD_IN_S = 2
/** Music alone after the last voice, fading out. */
export const SESSION_TAIL_S = 5
/** The least silence between two audios of a playlist or a day, whatever the pause setting. */
export const SESSION_ITEM_GAP_S = 3
/** A sleep timer's fade-out, ending at the chosen minute. */
export const SESSION_SLEEP_FADE_S = 20
/** "Sem parar" (repetitions 0) renders repetitions for an hour, then ends gently. */
export const SESSION_ENDLESS_S = 60 * 60
/** The longest session rendered at once; a longer playlist goes on in a following session. */
export const SESSION_MAX_S = 3 * 60 * 60
export const SESSION_MAX_ITEMS = 50
export const SESSION_MAX_REPETITIONS = 99
export const SESSION_MAX_PAUSE_S = 60
/** The sleep timer's choices, in minutes ("ao fim da sessão" is the session's own end). */
export const SLEEP_TIMER_MINUTES = [15, 30, 45, 60] as const

export const SESSION_MSG = {
  notFound: 'Sessão não encontrada. Abra o áudio novamente.',
  audioNotFound: 'Áudio não encontrado',
  audioFileMissing: 'O arquivo deste áudio não está disponível no momento.',
  musicNotFound: 'Música de fundo não encontrada',
  tooManyItems: `Uma sessão tem no máximo ${SESSION_MAX_ITEMS} áudios.`,
  repetitionsRange: `As repetições vão de 0 (sem parar) a ${SESSION_MAX_REPETITIONS}.`,
  pauseRange: `A pausa entre repetições vai de 0 a ${SESSION_MAX_PAUSE_S} segundos.`,
  levelRange: 'O volume da música vai de 0 a 100.',
  endlessAlone: 'Só um áudio por vez pode tocar sem parar.',
  sleepRange: 'O timer precisa terminar entre 1 minuto e 3 horas de sessão.',
  unavailable: 'A sessão não pôde ser preparada agora. Tente novamente em instantes.',
  /** A visitor asked for a demo session outside its fixed variants (./demo-variants.ts). */
  demoVariantsOnly: 'Na demonstração, a sessão contínua toca só com as configurações padrão. Assine para ajustar tudo.',
  /** A listener started too many new sessions (SESSION_NEW_RENDERS_PER_HOUR, SESSION_RENDERS_AT_ONCE_PER_LISTENER). */
  budgetExceeded: 'Você pediu muitas sessões novas em pouco tempo. O áudio toca sem a sessão contínua por enquanto.',
  /** The instance's render queue is full (SESSION_RENDER_QUEUE_MAX). */
  busy: 'Muitas sessões estão sendo preparadas agora. O áudio toca sem a sessão contínua por enquanto.',
} as const

/** New sessions (never rendered) one listener may start in an hour, across every instance. */
export const SESSION_NEW_RENDERS_PER_HOUR = 30
/** Renders of one listener's sessions running at once on an instance. */
export const SESSION_RENDERS_AT_ONCE_PER_LISTENER = 2

const repetitions = z
  .number({ error: SESSION_MSG.repetitionsRange })
  .int({ error: SESSION_MSG.repetitionsRange })
  .min(0, { error: SESSION_MSG.repetitionsRange })
  .max(SESSION_MAX_REPETITIONS, { error: SESSION_MSG.repetitionsRange })

/** One audio of a session and how many times it plays (0 = "sem parar", alone in its session). */
export const sessionItemRequestSchema = z.object({
  audioId: z.uuid({ error: 'Identificador inválido' }),
  repetitions,
})

/** POST /api/sessions: what the listener wants to hear. Identical requests give the same session. */
export const sessionRequestSchema = z
  .object({
    items: z
      .array(sessionItemRequestSchema)
      .min(1, { error: SESSION_MSG.audioNotFound })
      .max(SESSION_MAX_ITEMS, { error: SESSION_MSG.tooManyItems }),
    pauseSeconds: z
      .number({ error: SESSION_MSG.pauseRange })
      .int({ error: SESSION_MSG.pauseRange })
      .min(0, { error: SESSION_MSG.pauseRange })
      .max(SESSION_MAX_PAUSE_S, { error: SESSION_MSG.pauseRange }),
    /** 'auto': the server picks an active track for these audios; 'none': no music; or a track's id. */
    music: z.union([z.literal('auto'), z.literal('none'), z.uuid({ error: SESSION_MSG.musicNotFound })]).default('auto'),
    /** The music's level in percent; absent → the level the admins set. 0 is no music. */
    musicLevel: z
      .number({ error: SESSION_MSG.levelRange })
      .int({ error: SESSION_MSG.levelRange })
      .min(0, { error: SESSION_MSG.levelRange })
      .max(100, { error: SESSION_MSG.levelRange })
      .optional(),
    /** The sleep timer: the position (seconds into the session) where it has faded out and ends. */
    endAtSeconds: z
      .number({ error: SESSION_MSG.sleepRange })
      .int({ error: SESSION_MSG.sleepRange })
      .min(60, { error: SESSION_MSG.sleepRange })
      .max(SESSION_MAX_S, { error: SESSION_MSG.sleepRange })
      .nullable()
      .default(null),
  })
  .refine((request) => request.items.length === 1 || request.items.every((item) => item.repetitions > 0), {
    error: SESSION_MSG.endlessAlone,
    path: ['items'],
  })
export type SessionRequest = z.input<typeof sessionRequestSchema>

/** One audio's place in the stream. Times are seconds from the stream's start. */
export const sessionManifestItemSchema = z.object({
  audioId: z.uuid(),
  title: z.string(),
  /**
   * Whole repetitions in the stream (for "sem parar", as many as fill an hour). A sleep timer may
   * cut the stream inside an audio: the repetitions that end in its fade or after it are not here.
   */
  repetitions: z.number().int().min(0),
  /** Where the item's first voice starts, and where its last voice ends. */
  start: z.number(),
  end: z.number(),
  /**
   * Where each repetition's voice starts (also one cut by a sleep timer) and where each whole one
   * ends: a repetition counts once playback passed its end.
   */
  repetitionStarts: z.array(z.number()),
  repetitionEnds: z.array(z.number()),
})
export type SessionManifestItem = z.infer<typeof sessionManifestItemSchema>

export const sessionManifestSchema = z.object({
  /** Names this rendering: the same audios, counts, pause, music and level give the same key. */
  key: z.string().regex(/^[a-f0-9]{32}$/),
  /** The stream (HTTP Range, like any audio); once stored, it redirects to a signed address. */
  url: z.string(),
  /**
   * When the session is already stored: its bytes' signed, expiring address (ADR 021), handed out
   * with the manifest so the first play needs no redirect. Absent or null while it must be
   * rendered; `url` is where to come back to once it has expired.
   */
  direct: z.object({ url: z.string(), expiresAt: z.string() }).nullable().optional(),
  /** The stream's length in seconds. */
  durationSeconds: z.number().positive(),
  bytes: z.number().int().positive(),
  items: z.array(sessionManifestItemSchema).min(1),
  /** The track under the voice: an admin's track (its id), or the built-in public one of the demo ('publica'). */
  music: z.object({ id: z.string(), title: z.string() }).nullable(),
  musicLevel: z.number().int().min(0).max(100),
  pauseSeconds: z.number().int().min(0),
  /** Repetitions 0 asked for: the stream holds an hour of them. */
  endless: z.boolean(),
  /** A sleep timer ends the stream (faded) before the session's own end. */
  endsEarly: z.boolean(),
  /** Audios asked for that did not fit in one stream (SESSION_MAX_S); they follow in another session. */
  itemsLeft: z.number().int().min(0),
})
export type SessionManifest = z.infer<typeof sessionManifestSchema>

/**
 * A request written one way, whatever the order its fields were set in: how a session kept on the
 * device for a download is found again for the same audio and settings.
 */
export function sessionRequestKey(request: SessionRequest): string {
  return JSON.stringify({
    items: request.items.map((item) => [item.audioId, item.repetitions]),
    pause: request.pauseSeconds,
    music: request.music ?? 'auto',
    level: request.musicLevel ?? null,
    end: request.endAtSeconds ?? null,
  })
}
