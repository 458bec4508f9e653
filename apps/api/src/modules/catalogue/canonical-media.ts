import type { MediaLoudness } from '@sintonia/contract'

/** The canonical-form columns audios and background_music share (db/schema/catalogue.ts). */
interface CanonicalColumns {
  canonicalAt: Date | null
  loudnessBeforeLufs: number | null
  loudnessBeforePeak: number | null
  loudnessAfterLufs: number | null
  loudnessAfterPeak: number | null
}

export type CanonicalValues = { [K in keyof CanonicalColumns]: NonNullable<CanonicalColumns[K]> }

/** The columns to write for a file just made canonical (ADR 026). */
export function canonicalColumnsOf(loudness: MediaLoudness): CanonicalValues {
  return {
    canonicalAt: new Date(),
    loudnessBeforeLufs: loudness.beforeLufs,
    loudnessBeforePeak: loudness.beforePeak,
    loudnessAfterLufs: loudness.afterLufs,
    loudnessAfterPeak: loudness.afterPeak,
  }
}

/** The loudness the admin sees; null for a file not converted yet (or converted without a measure). */
export function loudnessOf(row: CanonicalColumns): MediaLoudness | null {
  const { loudnessBeforeLufs, loudnessBeforePeak, loudnessAfterLufs, loudnessAfterPeak } = row
  if (loudnessBeforeLufs === null || loudnessBeforePeak === null || loudnessAfterLufs === null || loudnessAfterPeak === null) return null
  return { beforeLufs: loudnessBeforeLufs, beforePeak: loudnessBeforePeak, afterLufs: loudnessAfterLufs, afterPeak: loudnessAfterPeak }
}
