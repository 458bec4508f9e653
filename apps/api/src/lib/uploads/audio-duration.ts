import { parseFile } from 'music-metadata'

/**
 * The duration in whole seconds read from the file itself (the product's duration text comes from
 * it), or null when the file cannot be decoded as audio: a file that merely starts with the right
 * bytes but holds no readable audio is refused.
 */
export async function readAudioDurationSeconds(path: string): Promise<number | null> {
  try {
    const metadata = await parseFile(path, { duration: true, skipCovers: true })
    const seconds = metadata.format.duration
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null
    return Math.max(1, Math.round(seconds))
  } catch {
    return null
  }
}
