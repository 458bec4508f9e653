// What a render costs, ffmpeg run as the server runs it on its own: seconds of session per CPU
// second, a programme day's session, the peak memory of ffmpeg, bytes per minute. Used by the
// sessions suite (on the bench database) and by render-cost.mjs (on the seeded catalogue alone).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SESSION_BYTES_PER_MINUTE, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { countDecodedSamples, locateFfmpeg } from '../../apps/api/src/lib/media/ffmpeg.ts'
import { renderGraph } from '../../apps/api/src/modules/sessions/render-command.ts'
import { sendGraph, startRenderProcess } from '../../apps/api/src/modules/sessions/warm-renders.ts'
import { planSession } from '../../apps/api/src/modules/sessions/session-plan.ts'
import { round } from './common.mjs'

const CLOCK_TICKS = 100 // USER_HZ on Linux

/**
 * Runs ffmpeg as the server does, on its own, and reads its CPU time and peak memory from /proc
 * (its start included, as a render ahead pays it).
 */
function measureRender(ffmpeg, graph) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = startRenderProcess(ffmpeg.path)
    sendGraph(child, graph)
    let bytes = 0
    let peakKb = 0
    let ticks = 0
    child.stdout.on('data', (chunk) => (bytes += chunk.length))
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
        ticks = Number(fields[11]) + Number(fields[12])
      } catch {
        // gone already
      }
    }
    const timer = setInterval(sample, 20)
    child.once('error', reject)
    child.once('exit', (code) => {
      clearInterval(timer)
      if (code !== 0) return reject(new Error(`ffmpeg ${code}`))
      resolve({ wallSeconds: (performance.now() - started) / 1000, cpuSeconds: ticks / CLOCK_TICKS, peakMemoryMb: round(peakKb / 1024, 1), bytes })
    })
    sample()
  })
}

/** `musicDir`: where the track lives, when not beside the voices. */
export async function renderCosts({ audios, music, mediaDir, musicDir = mediaDir }) {
  const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH)
  const paths = new Map([...audios.map((a) => [a.file_key, join(mediaDir, a.file_key)]), ...(music ? [[music.file_key, join(musicDir, music.file_key)]] : [])])
  const voices = []
  for (const audio of audios) voices.push({ audioId: audio.id, title: audio.title, fileKey: audio.file_key, samples: await countDecodedSamples(ffmpeg, 'mp3', paths.get(audio.file_key), SESSION_SAMPLE_RATE) })
  const musicPlan = music ? { id: music.id, title: music.title, fileKey: music.file_key } : null
  const musicSamples = music ? await countDecodedSamples(ffmpeg, 'mp3', paths.get(music.file_key), SESSION_SAMPLE_RATE) : null
  const plan = (items) => planSession({ items, pauseSeconds: 3, music: musicPlan, musicLevel: 25, endAtSeconds: null, renderer: ffmpeg.version })
  const measure = async (planned) => {
    const run = await measureRender(ffmpeg, renderGraph(planned, paths, musicSamples))
    return {
      durationSeconds: round(planned.durationSeconds, 1),
      wallSeconds: round(run.wallSeconds, 2),
      cpuSeconds: round(run.cpuSeconds, 2),
      realtimePerCpuSecond: round(planned.durationSeconds / Math.max(run.cpuSeconds, 0.01), 0),
      peakMemoryMb: run.peakMemoryMb,
      bytes: run.bytes,
      bytesPerMinute: round(run.bytes / (planned.durationSeconds / 60), 0),
    }
  }
  // One audio × 5 with 3 s pauses; and a programme day: four audios, about 20 minutes.
  const session = await measure(plan([{ voice: voices[0], repetitions: 5 }]))
  const day = await measure(plan(voices.map((voice) => ({ voice, repetitions: 2 }))))
  return { ffmpeg: ffmpeg.version, expectedBytesPerMinute: SESSION_BYTES_PER_MINUTE, session, day }
}
