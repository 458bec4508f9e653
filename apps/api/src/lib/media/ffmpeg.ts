import { setPriority } from 'node:os'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

/** The ffmpeg binary the server renders sessions with (docs/decisions/019-rendered-sessions-ffmpeg.md). */
export interface Ffmpeg {
  path: string
  /** The binary's own version line ('ffmpeg version N-47683-g0e8eb07980-static'); part of every render's key. */
  version: string
  source: 'config' | 'package' | 'system'
}

function versionOf(path: string): string | null {
  const result = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 })
  if (result.status !== 0 || typeof result.stdout !== 'string') return null
  const first = result.stdout.split('\n')[0]?.trim() ?? ''
  return /^ffmpeg version /.test(first) ? first.replace(/ Copyright.*$/, '') : null
}

/** The binary shipped inside the npm package for this platform, when it is installed. */
function packagedPath(): string | null {
  try {
    const require = createRequire(import.meta.url)
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: unknown }
    return typeof installer.path === 'string' && existsSync(installer.path) ? installer.path : null
  } catch {
    // No package for this platform (the installer throws): the system's ffmpeg may still be there.
    return null
  }
}

/** Where Debian's package installs ffmpeg: what production renders with (ADR 038, docs/deploy.md). */
const DISTRIBUTION_FFMPEG_PATH = '/usr/bin/ffmpeg'

/**
 * The distribution's ffmpeg when this machine has it (CI installs it), else undefined (then
 * `locateFfmpeg` takes the npm package's): what the journeys and the bench render with, as
 * production does. (The API's tests keep the package's static build: ADR 038's last amendment.)
 */
export function distributionFfmpegPath(): string | undefined {
  return existsSync(DISTRIBUTION_FFMPEG_PATH) ? DISTRIBUTION_FFMPEG_PATH : undefined
}

/**
 * Finds ffmpeg: FFMPEG_PATH when set (and then only it), else the binary the npm package ships for
 * this platform (the same version on every machine, nothing to install), else `ffmpeg` on the PATH.
 * Null when none runs: sessions are then unavailable and the player falls back to the raw voice.
 */
export function locateFfmpeg(configured: string | undefined): Ffmpeg | null {
  if (configured) {
    const version = versionOf(configured)
    return version ? { path: configured, version, source: 'config' } : null
  }
  const packaged = packagedPath()
  const packagedVersion = packaged ? versionOf(packaged) : null
  if (packaged && packagedVersion) return { path: packaged, version: packagedVersion, source: 'package' }
  const systemVersion = versionOf('ffmpeg')
  return systemVersion ? { path: 'ffmpeg', version: systemVersion, source: 'system' } : null
}

/**
 * Decodes an audio file as the renderer does (48 kHz, read with `demuxer`: the canonical MP3; in
 * one channel, as a stereo track has as many samples per side) and counts its samples: the exact length the session's timeline is built on. Rejects when the
 * file cannot be decoded.
 */
export function countDecodedSamples(ffmpeg: Ffmpeg, demuxer: string, inputPath: string, sampleRate: number, { background = false } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const input = ['-protocol_whitelist', 'file,pipe', '-f', demuxer, '-i', `file:${inputPath}`]
    const child = spawn(ffmpeg.path, ['-v', 'error', '-nostdin', ...input, '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Work for no listener in particular (planning the renders ahead) gives way to the listeners'.
    if (background && child.pid !== undefined) {
      try {
        setPriority(child.pid, 19)
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8')
    })
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0 && bytes > 0) resolve(Math.floor(bytes / 2))
      else reject(new Error(`ffmpeg não decodificou o áudio (código ${code}): ${stderr.trim().slice(0, 500)}`))
    })
  })
}
