import { useEffect, useState } from 'react'
import { API, backgroundMusicSchema } from '@sintonia/contract'
import { apiGet } from '../../../lib/api-client'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'
import type { BackgroundMusicConfig } from '../engine/background-music'

/** GET /api/background-music → the engine's background-music config. */
export async function loadBackgroundMusic(): Promise<BackgroundMusicConfig> {
  const body = backgroundMusicSchema.parse(await apiGet<unknown>(API.listener.backgroundMusic))
  return {
    tracks: body.tracks.map((track) => ({ id: track.id, title: track.title, url: track.url })),
    volumePercentage: body.volumePercentage,
  }
}

/**
 * One listener player (voice + background music + preferences) for as long as the calling
 * component is mounted; destroyed on leave. null until the first effect ran.
 */
export function useListenerPlayer(factory: () => ListenerPlayer = () => createListenerPlayer({ loadMusic: loadBackgroundMusic })): ListenerPlayer | null {
  const [player, setPlayer] = useState<ListenerPlayer | null>(null)
  const [create] = useState(() => factory)
  useEffect(() => {
    const instance = create()
    setPlayer(instance)
    return () => {
      instance.destroy()
      setPlayer(null)
    }
  }, [create])
  return player
}
