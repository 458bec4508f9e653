/**
 * The shape of a rendered session, in samples (docs/product/sessions.md#the-stream): music alone
 * for SESSION_LEAD_IN_S while it fades in, then each audio's repetitions with the pause between
 * them, a breath of at least SESSION_ITEM_GAP_S between audios, and SESSION_TAIL_S of music fading
 * out; a sleep timer ends it earlier with a longer fade. Pure: the renderer builds ffmpeg's
 * filters from it and the manifest tells the web where each repetition sits.
 */
import { createHash } from 'node:crypto'
import {
  SESSION_BITRATE_KBPS,
  SESSION_CHANNELS,
  SESSION_ENDLESS_S,
  SESSION_ITEM_GAP_S,
  SESSION_LEAD_IN_S,
  SESSION_MAX_S,
  SESSION_SAMPLE_RATE,
  SESSION_SLEEP_FADE_S,
  SESSION_TAIL_S,
  type SessionManifest,
} from '@sintonia/contract'
import { MP3_FRAME_BYTES, MP3_SAMPLES_PER_FRAME, mp3FramesFor } from '../../lib/media/mp3-stream.js'

/**
 * Bumped whenever the recipe below or the render command changes what a key sounds like, so old
 * renders stop matching (their bytes would differ under the same name). 3: stereo at 128 kbit/s,
 * the music in stereo (docs/decisions/034-session-sound-quality.md).
 */
export const RENDER_RECIPE_VERSION = 3

/**
 * Samples a decoder outputs before the first encoded one (LAME's 576 + the decoder's 529): without
 * a LAME header nothing trims them, so everything is heard this much later than placed.
 */
export const MP3_DECODER_DELAY_SAMPLES = 1105
/** The limiter looks this far ahead (its 5 ms attack, render-command.ts), and delays the mix by it. */
export const LIMITER_LOOKAHEAD_SAMPLES = 240
/** How much later than placed everything is heard in the stream. */
const STREAM_DELAY_SAMPLES = MP3_DECODER_DELAY_SAMPLES + LIMITER_LOOKAHEAD_SAMPLES

export interface PlanVoice {
  audioId: string
  title: string
  fileKey: string
  /** Decoded length at SESSION_SAMPLE_RATE. */
  samples: number
}

export interface PlanMusic {
  id: string
  title: string
  fileKey: string
}

export interface PlanInput {
  items: Array<{ voice: PlanVoice; repetitions: number }>
  pauseSeconds: number
  music: PlanMusic | null
  /** 0..100; 0 = no music. */
  musicLevel: number
  endAtSeconds: number | null
  /** The ffmpeg version line: another binary may encode other bytes. */
  renderer: string
}

/** One audio's block: its repetitions back to back with the pause, then the gap to the next. */
export interface PlannedItem {
  voice: PlanVoice
  repetitions: number
  /** First voice's sample. */
  startSample: number
  repetitionStarts: number[]
  /** Ends of the whole repetitions only (a sleep timer may cut the last ones). */
  repetitionEnds: number[]
  /** Silence after each repetition but the last (the pause). */
  pauseSamples: number
  /** Silence after the last repetition before the next audio (0 for the last audio). */
  gapSamples: number
}

export interface SessionPlan {
  key: string
  items: PlannedItem[]
  leadSamples: number
  /** Exact length of the mix: a whole number of MP3 frames' worth of samples. */
  totalSamples: number
  fadeOutStart: number
  fadeOutSamples: number
  music: PlanMusic | null
  musicLevel: number
  pauseSeconds: number
  endless: boolean
  endsEarly: boolean
  itemsLeft: number
  /** Bytes of the encoded stream, known in advance (lib/media/mp3-stream.ts). */
  bytes: number
  /** Seconds the encoded stream lasts (its frames). */
  durationSeconds: number
}

const RATE = SESSION_SAMPLE_RATE
const seconds = (s: number) => Math.round(s * RATE)

function roundUpToFrame(samples: number): number {
  return Math.ceil(samples / MP3_SAMPLES_PER_FRAME) * MP3_SAMPLES_PER_FRAME
}

/** Lays the session out. Repetitions 0 ("sem parar") fill SESSION_ENDLESS_S; nothing goes past SESSION_MAX_S. */
export function planSession(input: PlanInput): SessionPlan {
  const lead = seconds(SESSION_LEAD_IN_S)
  const pause = seconds(input.pauseSeconds)
  const gap = Math.max(pause, seconds(SESSION_ITEM_GAP_S))
  const limit = lead + seconds(SESSION_MAX_S)
  const endless = input.items.length === 1 && input.items[0]!.repetitions === 0
  const items: PlannedItem[] = []
  let position = lead
  let itemsLeft = 0

  for (const [index, item] of input.items.entries()) {
    const voice = item.voice
    const start = index === 0 ? position : position + gap
    const cycle = voice.samples + pause
    const fits = (count: number) => start + count * voice.samples + (count - 1) * pause
    let repetitions = item.repetitions
    if (endless) repetitions = Math.max(1, Math.floor((seconds(SESSION_ENDLESS_S) + pause) / cycle))
    if (fits(repetitions) > limit) {
      if (index > 0) {
        itemsLeft = input.items.length - index
        break
      }
      repetitions = Math.max(1, Math.floor((limit - start + pause) / cycle))
    }
    const repetitionStarts: number[] = []
    const repetitionEnds: number[] = []
    for (let r = 0; r < repetitions; r++) {
      repetitionStarts.push(start + r * cycle)
      repetitionEnds.push(start + r * cycle + voice.samples)
    }
    const previous = items.at(-1)
    if (previous) previous.gapSamples = gap
    items.push({ voice, repetitions, startSample: start, repetitionStarts, repetitionEnds, pauseSamples: pause, gapSamples: 0 })
    position = repetitionEnds.at(-1)!
  }

  let totalSamples = roundUpToFrame(position + seconds(SESSION_TAIL_S))
  let fadeOutStart = position
  let endsEarly = false
  if (input.endAtSeconds !== null && seconds(input.endAtSeconds) < totalSamples) {
    endsEarly = true
    totalSamples = roundUpToFrame(seconds(input.endAtSeconds))
    fadeOutStart = Math.max(lead, totalSamples - seconds(SESSION_SLEEP_FADE_S))
    for (const item of items) {
      item.repetitionStarts = item.repetitionStarts.filter((start) => start < totalSamples)
      item.repetitionEnds = item.repetitionEnds.filter((end) => end <= fadeOutStart)
      item.repetitions = item.repetitionEnds.length
    }
    // An audio that had not started by the end is not part of this stream.
    while (items.length > 1 && items.at(-1)!.repetitionStarts.length === 0) items.pop()
  }
  const frames = mp3FramesFor(totalSamples)
  const plan: Omit<SessionPlan, 'key'> = {
    items,
    leadSamples: lead,
    totalSamples,
    fadeOutStart,
    fadeOutSamples: totalSamples - fadeOutStart,
    music: input.musicLevel > 0 ? input.music : null,
    musicLevel: input.music ? input.musicLevel : 0,
    pauseSeconds: input.pauseSeconds,
    endless,
    endsEarly,
    itemsLeft,
    bytes: frames * MP3_FRAME_BYTES,
    durationSeconds: (frames * MP3_SAMPLES_PER_FRAME) / RATE,
  }
  return { key: keyOf(plan, input.renderer), ...plan }
}

/**
 * Everything that changes the sound, hashed: the voices' files and lengths, the counts, the
 * layout, the music's file and level, the end, the recipe and the encoder. A replaced audio or
 * music file has a new file key, so its old renders simply stop being asked for.
 */
function keyOf(plan: Omit<SessionPlan, 'key'>, renderer: string): string {
  const identity = {
    recipe: RENDER_RECIPE_VERSION,
    // The stream's format: a stored render of another never answers under this one's byte arithmetic.
    format: [SESSION_SAMPLE_RATE, SESSION_BITRATE_KBPS, SESSION_CHANNELS],
    renderer,
    items: plan.items.map((item) => ({
      file: item.voice.fileKey,
      samples: item.voice.samples,
      starts: item.repetitionStarts,
      ends: item.repetitionEnds,
      pause: item.pauseSamples,
      gap: item.gapSamples,
    })),
    total: plan.totalSamples,
    fade: [plan.fadeOutStart, plan.fadeOutSamples],
    music: plan.music ? { file: plan.music.fileKey, level: plan.musicLevel } : null,
  }
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32)
}

/** What the web is told: where each repetition is heard, in seconds of the stream. */
export function manifestOf(plan: SessionPlan, url: string): SessionManifest {
  const at = (sample: number) => Math.round(((sample + STREAM_DELAY_SAMPLES) / RATE) * 1000) / 1000
  return {
    key: plan.key,
    url,
    durationSeconds: plan.durationSeconds,
    bytes: plan.bytes,
    items: plan.items.map((item) => ({
      audioId: item.voice.audioId,
      title: item.voice.title,
      repetitions: item.repetitions,
      start: at(item.startSample),
      end: at(item.repetitionEnds.at(-1) ?? Math.min(plan.totalSamples, item.repetitionStarts.at(-1)! + item.voice.samples)),
      repetitionStarts: item.repetitionStarts.map(at),
      repetitionEnds: item.repetitionEnds.map(at),
    })),
    music: plan.music ? { id: plan.music.id, title: plan.music.title } : null,
    musicLevel: plan.musicLevel,
    pauseSeconds: plan.pauseSeconds,
    endless: plan.endless,
    endsEarly: plan.endsEarly,
    itemsLeft: plan.itemsLeft,
  }
}
