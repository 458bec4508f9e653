import { useCallback, useEffect, useRef, useState } from 'react'
import { nightTimerApplies, sleepTimerValue, type SleepTimer } from '@sintonia/contract'
import type { ListenerPlayer } from '../engine/create-player'
import { sessionRequestFor, type PlayerQueueItem, type SessionAnchor } from '../engine/session-request'
import { usePlayerSnapshot } from './use-player-snapshot'

export interface UsePlayerSessionOptions {
  queue: readonly PlayerQueueItem[]
  /** The audio the page shows (from its address or its state). */
  index: number
  /** Later audios follow in the same stream (a playlist, a day). */
  continuous: boolean
  /** The field, playlist or day (the lock screen's artist). */
  contextTitle: string
  /** The stream moved to another audio ('followed'), or the listener chose one ('chosen'): the page shows it. */
  onIndexChange: (index: number, reason: 'followed' | 'chosen') => void
}

export interface PlayerSessionControls {
  /** The audio playing (or about to). */
  index: number
  /** Plays the audio at `index`: a seek when it is in the stream, a new session otherwise. */
  goTo: (index: number) => void
  /** The sleep timer (minutes, or repetitions of the audio playing), or null: the session's own end. */
  sleep: SleepTimer | null
  setSleep: (timer: SleepTimer | null) => void
  /** 'session': one rendered stream plays; 'single': the audio's own file, repeated by page code. */
  mode: 'session' | 'single' | 'loading'
}

/** How long the settings stay unchanged before a new session is asked for with them. */
export const SETTINGS_SETTLE_MS = 600

/** The request whose session each player has loaded. */
const loadedRequests = new WeakMap<ListenerPlayer, string>()

/**
 * Plays what the page shows as one rendered session (docs/product/sessions.md#what-plays): asks
 * for it from the audio shown (and, when continuous, the ones after it), loads it into the engine,
 * and tells the page when the stream reaches another audio. A changed setting or sleep timer asks
 * for a new session from the audio playing, at the repetition it reached. When no session can be
 * had (offline without a downloaded one, a server without ffmpeg), the audio's own file plays,
 * repeated by page code as before.
 */
export function usePlayerSession(player: ListenerPlayer, options: UsePlayerSessionOptions): PlayerSessionControls {
  const { queue, index, continuous, contextTitle, onIndexChange } = options
  const prefs = usePlayerSnapshot(player.preferences)
  const voice = usePlayerSnapshot(player.voice)
  // Begun late at night, where the listener set the automatic night timer, it starts set.
  const [sleep, setSleep] = useState<SleepTimer | null>(() => {
    const night = player.preferences.get().nightTimer
    return night && nightTimerApplies(night, new Date()) ? { kind: 'minutes', minutes: night.minutes } : null
  })
  const [mode, setMode] = useState<PlayerSessionControls['mode']>('loading')
  const [anchor, setAnchor] = useState<SessionAnchor & { generation: number }>(() => ({ index, heard: queue[index]?.heard ?? 0, generation: 0 }))

  const latest = useRef({ queue, continuous, contextTitle, prefs, sleep, onIndexChange })
  useEffect(() => {
    latest.current = { queue, continuous, contextTitle, prefs, sleep, onIndexChange }
  })

  // The index the stream is at (or the one asked for before it loads).
  const streamIndex = voice.session?.index ?? null
  const shownIndex = useRef(index)
  const pageIndex = useRef(index)
  const streamAt = useRef(streamIndex)
  streamAt.current = streamIndex
  /** A session asked for and not arrived yet. */
  const requesting = useRef(false)
  /** An audio the listener chose in the stream playing while a new session was on its way. */
  const choiceWhileRequesting = useRef<number | null>(null)

  // The page moved to an audio the stream is not at (a link, the browser's back): play it. Only a
  // change of the page's own index counts: a page still showing the previous audio while its
  // navigation finishes is not a way back to it.
  useEffect(() => {
    if (index === pageIndex.current) return
    pageIndex.current = index
    if (index === shownIndex.current) return
    shownIndex.current = index
    if (streamAt.current === index) return
    if (player.voice.seekToItem(index)) return
    setAnchor((current) => ({ index, heard: latest.current.queue[index]?.heard ?? 0, generation: current.generation + 1 }))
  }, [index, player])

  // The stream reached another audio: the page follows it.
  useEffect(() => {
    if (streamIndex === null || streamIndex === shownIndex.current) return
    shownIndex.current = streamIndex
    latest.current.onIndexChange(streamIndex, 'followed')
  }, [streamIndex])

  // A changed setting makes a new session from where the listener is, once the settings have
  // settled: typing "3" in Repetições then "3" in the pause, or dragging the music's level, is one
  // new session, not one per keystroke or step — each would be a render on the server, and a
  // listener may have only two at once (docs/product/sessions.md#fair-under-load).
  const settingsKey = `${prefs.repeatCount}|${prefs.pauseBetweenRepeats}|${prefs.musicVolume}|${sleepTimerValue(sleep)}`
  const appliedSettings = useRef(settingsKey)
  useEffect(() => {
    if (appliedSettings.current === settingsKey) return
    const settled = setTimeout(() => {
      appliedSettings.current = settingsKey
      const snapshot = player.voice.getSnapshot()
      const at = snapshot.session?.index ?? shownIndex.current
      setAnchor((current) => ({ index: at, heard: snapshot.session ? snapshot.completedRepeats : current.heard, generation: current.generation + 1 }))
    }, SETTINGS_SETTLE_MS)
    return () => clearTimeout(settled)
  }, [settingsKey, player])

  useEffect(() => {
    const { queue: list, continuous: follows, contextTitle: context, prefs: preferences, sleep: timer } = latest.current
    const planned = sessionRequestFor(list, anchor, { continuous: follows, preferences, sleep: timer })
    const item = list[anchor.index]
    if (!planned || !item) return
    // The page was shown again (a loading screen in between) with the same session playing: keep it.
    const requestKey = JSON.stringify(planned.request)
    const loaded = loadedRequests.get(player)
    if (loaded === requestKey && player.voice.currentSession && player.voice.getSnapshot().status !== 'idle') {
      setMode('session')
      return
    }
    let cancelled = false
    setMode('loading')
    requesting.current = true
    void player.resolveSession(planned.request).then(
      (playable) => {
        if (cancelled) return
        requesting.current = false
        const chosen = choiceWhileRequesting.current
        choiceWhileRequesting.current = null
        if (playable) {
          loadedRequests.set(player, requestKey)
          player.voice.loadSession(playable.url, { manifest: playable.manifest, firstIndex: planned.firstIndex, heardBefore: planned.heardBefore, contextTitle: context })
          setMode('session')
          // The listener moved in the stream this one replaces ("Próximo" while a changed setting's
          // session was on its way): it starts at the audio they chose, not where it was asked.
          if (chosen !== null && chosen !== anchor.index && !player.voice.seekToItem(chosen)) {
            setAnchor((current) => ({ index: chosen, heard: latest.current.queue[chosen]?.heard ?? 0, generation: current.generation + 1 }))
          }
          return
        }
        setMode('single')
        loadedRequests.delete(player)
        void player.voice.loadAudio({
          id: item.id,
          url: item.url,
          title: item.title,
          fieldTitle: context,
          ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}),
          ...(timer?.kind === 'repetitions'
            ? { repeatCount: anchor.heard + timer.count }
            : item.repetitions !== undefined
              ? { repeatCount: item.repetitions }
              : {}),
          ...(anchor.heard > 0 ? { completedRepeats: anchor.heard } : {}),
        })
      },
      () => undefined,
    )
    return () => {
      cancelled = true
      requesting.current = false
    }
  }, [anchor, player])

  // Without a session a timer in minutes is kept by page code (it stops when the page sleeps).
  const sleepMinutes = sleep?.kind === 'minutes' ? sleep.minutes : null
  useEffect(() => {
    if (mode !== 'single' || sleepMinutes === null) return
    const timer = setTimeout(() => player.voice.pause(), sleepMinutes * 60_000)
    return () => clearTimeout(timer)
  }, [mode, sleepMinutes, player])

  const goTo = useCallback(
    (target: number) => {
      if (!latest.current.queue[target]) return
      shownIndex.current = target
      latest.current.onIndexChange(target, 'chosen')
      if (player.voice.seekToItem(target)) {
        if (requesting.current) choiceWhileRequesting.current = target
        return
      }
      choiceWhileRequesting.current = null
      setAnchor((current) => ({ index: target, heard: latest.current.queue[target]?.heard ?? 0, generation: current.generation + 1 }))
    },
    [player],
  )

  return { index: streamIndex ?? index, goTo, sleep, setSleep, mode }
}
