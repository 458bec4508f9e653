import { BACKGROUND_MUSIC_RESUME_DELAY_MS } from '@sintonia/contract'
import type { VoiceSnapshot } from './voice-engine'

/** The voice engine as the coordinator sees it. */
export interface CoordinatedVoice {
  subscribe: (onChange: () => void) => () => void
  getSnapshot: () => Pick<VoiceSnapshot, 'status' | 'isPlayingIntent'> & Partial<Pick<VoiceSnapshot, 'session'>>
  pause: () => void
}

/** The background music as the coordinator sees it. */
export interface CoordinatedMusic {
  play: () => void
  pause: () => void
}

export interface PlayerCoordinatorOptions {
  voice: CoordinatedVoice
  music: CoordinatedMusic
  resumeDelayMs?: number
  /** Elements that belong to the engine: their play/pause events never count as other media. */
  ownElements?: EventTarget[]
}

export interface PlayerCoordinator {
  /** Some other media (landing/demo video, an embed) started: pauses the voice and the music. */
  otherMediaStarted: (key: unknown) => void
  /** That media stopped: 200 ms later the music resumes if the voice is playing. */
  otherMediaStopped: (key: unknown) => void
  /** Watches one media element's play/pause/ended. Returns a detach function. */
  attachOtherMedia: (element: EventTarget) => () => void
  /** Watches every `<audio>`/`<video>` in the document (media events captured at the root). */
  watchDocument: (doc: Document) => () => void
  readonly otherMediaPlaying: boolean
  destroy: () => void
}

/**
 * The music plays under the voice and starts/stops with it; the "pause the music while main media
 * plays" rule applies to OTHER media. Music sounds exactly when the voice wants to play
 * (isPlayingIntent, not in error), no other media is playing and no resume delay is pending. The
 * decision is made synchronously inside the voice's change, so the music starts within the same
 * click as the voice (autoplay policy).
 */
export function createPlayerCoordinator(options: PlayerCoordinatorOptions): PlayerCoordinator {
  const { voice, music } = options
  const resumeDelayMs = options.resumeDelayMs ?? BACKGROUND_MUSIC_RESUME_DELAY_MS
  const own = new Set<EventTarget>(options.ownElements ?? [])
  const activeOther = new Set<unknown>()
  const detachers = new Set<() => void>()
  let resumeTimer: ReturnType<typeof setTimeout> | undefined
  let musicOn = false
  let destroyed = false

  const voiceWantsMusic = () => {
    const { status, isPlayingIntent, session } = voice.getSnapshot()
    // A rendered session carries its music in the stream (docs/product/sessions.md).
    if (session) return false
    return isPlayingIntent && status !== 'error' && status !== 'idle'
  }

  const sync = () => {
    if (destroyed) return
    const want = voiceWantsMusic() && activeOther.size === 0 && resumeTimer === undefined
    if (want && !musicOn) {
      musicOn = true
      music.play()
    } else if (!want && musicOn) {
      musicOn = false
      music.pause()
    }
  }

  const unsubscribeVoice = voice.subscribe(sync)

  const otherMediaStarted = (key: unknown) => {
    if (destroyed) return
    activeOther.add(key)
    if (resumeTimer !== undefined) {
      clearTimeout(resumeTimer)
      resumeTimer = undefined
    }
    if (voice.getSnapshot().isPlayingIntent) voice.pause()
    sync()
  }

  const otherMediaStopped = (key: unknown) => {
    if (destroyed || !activeOther.delete(key) || activeOther.size > 0) return
    if (resumeTimer !== undefined) clearTimeout(resumeTimer)
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined
      sync()
    }, resumeDelayMs)
  }

  const listen = (target: EventTarget, capture: boolean, filter: (event: Event) => unknown) => {
    const onStart = (event: Event) => {
      const key = filter(event)
      if (key) otherMediaStarted(key)
    }
    const onStop = (event: Event) => {
      const key = filter(event)
      if (key) otherMediaStopped(key)
    }
    target.addEventListener('play', onStart, capture)
    target.addEventListener('playing', onStart, capture)
    target.addEventListener('pause', onStop, capture)
    target.addEventListener('ended', onStop, capture)
    target.addEventListener('emptied', onStop, capture)
    return () => {
      target.removeEventListener('play', onStart, capture)
      target.removeEventListener('playing', onStart, capture)
      target.removeEventListener('pause', onStop, capture)
      target.removeEventListener('ended', onStop, capture)
      target.removeEventListener('emptied', onStop, capture)
    }
  }

  const track = (off: () => void) => {
    let done = false
    const detach = () => {
      if (done) return
      done = true
      detachers.delete(detach)
      off()
    }
    detachers.add(detach)
    return detach
  }

  return {
    otherMediaStarted,
    otherMediaStopped,
    attachOtherMedia(element) {
      const off = listen(element, false, () => element)
      return track(() => {
        off()
        otherMediaStopped(element)
      })
    },
    watchDocument(doc) {
      const seen = new Set<EventTarget>()
      // Media events do not bubble, but they can be captured at the document.
      const off = listen(doc, true, (event) => {
        const target = event.target
        if (!target || own.has(target)) return null
        if (typeof HTMLMediaElement !== 'undefined' && !(target instanceof HTMLMediaElement)) return null
        seen.add(target)
        return target
      })
      return track(() => {
        off()
        for (const target of seen) otherMediaStopped(target)
      })
    },
    get otherMediaPlaying() {
      return activeOther.size > 0
    },
    destroy() {
      if (destroyed) return
      for (const detach of [...detachers]) detach()
      destroyed = true
      unsubscribeVoice()
      if (resumeTimer !== undefined) clearTimeout(resumeTimer)
      resumeTimer = undefined
      activeOther.clear()
    },
  }
}
