/**
 * `npx tsx apps/api/src/seed/make-canonical.ts` (run by scripts/generate-sample-audio.sh)
 *
 * Puts the demo catalogue's media in the canonical stored form (docs/decisions/026-canonical-media.md)
 * with the server's own conversion, so the seed ships files the renderer reads as they are: each
 * file of seed/media/manifest.json and the built-in background track are converted in place and
 * their loudness before and after written to the manifest (the seed stores it with each row).
 * Entries already converted are skipped. The practices keep a low bitrate (the repository carries
 * them; one synthetic voice needs little), uploads get CANONICAL_AUDIO's bit rates.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MediaLoudness } from '@sintonia/contract'
import { CANONICAL_AUDIO, toCanonicalAudio, type CanonicalOptions, type MediaKind } from '../lib/media/canonical-audio.js'
import { readMp3FrameHeader } from '../lib/media/mp3-stream.js'
import { locateFfmpeg } from '../lib/media/ffmpeg.js'
import { readAudioDurationSeconds } from '../lib/uploads/audio-duration.js'
import { PUBLIC_MUSIC_FILE, SEED_MEDIA_DIR } from '../paths.js'

export interface SeedManifestEntry {
  durationSeconds: number
  bytes: number
  mimeType: string
  /** Set once the file is canonical; the seed marks its row converted with it. */
  loudness?: MediaLoudness
}

/** The seed's bitrates (the repository carries these files), with the headroom each needs (CanonicalOptions). */
const VOICE = { bitrateKbps: 32, headroomDb: 2.5 }
const MUSIC = { bitrateKbps: 64, headroomDb: 1.5 }

/**
 * An MPEG-1 Layer III frame header at 48 kHz: what the conversion writes first (a track converted
 * before ADR 034 is mono, and still canonical: the renderer spreads it on both sides).
 */
function isCanonicalTrack(head: Buffer): boolean {
  return readMp3FrameHeader(head)?.sampleRate === CANONICAL_AUDIO.sampleRate
}

async function main() {
  const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH)
  if (!ffmpeg) throw new Error('ffmpeg não encontrado')
  const manifestPath = join(SEED_MEDIA_DIR, 'manifest.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, SeedManifestEntry>
  const convert = async (path: string, kind: MediaKind, options: CanonicalOptions) => {
    const temporary = `${path}.canonical.part`
    try {
      const loudness = await toCanonicalAudio(ffmpeg, 'mp3', path, temporary, kind, options)
      renameSync(temporary, path)
      return loudness
    } finally {
      rmSync(temporary, { force: true })
    }
  }
  for (const [file, entry] of Object.entries(manifest)) {
    if (entry.loudness) continue
    const path = join(SEED_MEDIA_DIR, file)
    const loudness = await (file.startsWith('music-') ? convert(path, 'music', MUSIC) : convert(path, 'voice', VOICE))
    const durationSeconds = await readAudioDurationSeconds(path)
    if (durationSeconds === null) throw new Error(`duração ilegível depois da conversão: ${file}`)
    manifest[file] = { durationSeconds, bytes: statSync(path).size, mimeType: 'audio/mpeg', loudness }
    console.log(`${file}: ${loudness.beforeLufs} → ${loudness.afterLufs} LUFS, pico ${loudness.afterPeak} dBTP`)
  }
  const lines = Object.entries(manifest).map(([file, entry]) => `  ${JSON.stringify(file)}: ${JSON.stringify(entry).replaceAll(',"', ', "').replaceAll('":', '": ').replace(/^\{/, '{ ').replace(/\}$/, ' }')}`)
  writeFileSync(manifestPath, `{\n${lines.join(',\n')}\n}\n`)
  // The built-in track has no manifest entry: converted when its first frame is not 48 kHz yet.
  if (!isCanonicalTrack(readFileSync(PUBLIC_MUSIC_FILE).subarray(0, 4))) {
    const loudness = await convert(PUBLIC_MUSIC_FILE, 'music', MUSIC)
    console.log(`background.mp3: ${loudness.beforeLufs} → ${loudness.afterLufs} LUFS`)
  }
}

await main()
