import { useEffect, useMemo } from 'react'
import type { ListenerPlayer } from '../engine/create-player'
import { connectMediaSession } from '../engine/media-session'
import { audioArtwork } from '../../../components/artwork'
import { artworkImages } from '../../../components/artwork-images'
import { PlayerCard } from './player-card'
import { usePlayerSession } from '../hooks/use-player-session'

export interface StandalonePlayerAudio {
  id: string
  title: string
  url: string
  durationSeconds: number
  fieldId?: string
  coverImage?: string | null
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
 * The player card for one audio on its own (the free demo): the real engine — one rendered
 * session with its repetitions and music, settings, sleep timer, diagnostics, lock-screen
 * controls — with no list around it and no listening records (docs/product/public-pages.md#demo-demo).
 */
export function StandalonePlayer({ player, audio, contextTitle, productName, onReset, className }: StandalonePlayerProps) {
  const queue = useMemo(() => [{ id: audio.id, title: audio.title, url: audio.url, durationSeconds: audio.durationSeconds }], [audio.id, audio.title, audio.url, audio.durationSeconds])
  const session = usePlayerSession(player, { queue, index: 0, continuous: false, contextTitle: contextTitle ?? '', onIndexChange: () => {} })

  const { id, fieldId, coverImage } = audio
  const artwork = useMemo(() => audioArtwork({ id, fieldId, coverImage }), [id, fieldId, coverImage])
  useEffect(
    () => connectMediaSession(player.voice, { productName, previous: null, next: null, artworkFor: () => artworkImages(artwork) }),
    [player, productName, artwork],
  )

  return (
    <PlayerCard
      player={player}
      title={audio.title}
      contextTitle={contextTitle ?? undefined}
      artwork={artwork}
      onReset={onReset}
      className={className}
      sleep={{ timer: session.sleep, onChange: session.setSleep }}
      transcriptOf={{ id: audio.id, title: audio.title }}
    />
  )
}
