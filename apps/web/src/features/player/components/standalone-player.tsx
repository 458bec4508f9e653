import { useEffect } from 'react'
import type { ListenerPlayer } from '../engine/create-player'
import { connectMediaSession } from '../engine/media-session'
import { PlayerCard } from './player-card'

export interface StandalonePlayerAudio {
  id: string
  title: string
  url: string
  durationSeconds: number
}

export interface StandalonePlayerProps {
  player: ListenerPlayer
  audio: StandalonePlayerAudio
  /** Shown as the artist on the lock screen (the field's title). */
  contextTitle?: string | null
  productName: string
  onReset?: () => void
  className?: string
}

/**
 * The player card for one audio on its own (the free demo): the real engine — repetitions,
 * background music, settings, diagnostics, lock-screen controls — with no list around it and no
 * listening records (docs/product/public-pages.md#demo-demo).
 */
export function StandalonePlayer({ player, audio, contextTitle, productName, onReset, className }: StandalonePlayerProps) {
  useEffect(() => {
    void player.voice.loadAudio({
      id: audio.id,
      url: audio.url,
      title: audio.title,
      fieldTitle: contextTitle ?? null,
      durationSeconds: audio.durationSeconds,
    })
  }, [player, audio.id, audio.url, audio.title, audio.durationSeconds, contextTitle])

  useEffect(() => connectMediaSession(player.voice, { productName, previous: null, next: null }), [player, productName])

  return <PlayerCard player={player} title={audio.title} onReset={onReset} className={className} />
}
