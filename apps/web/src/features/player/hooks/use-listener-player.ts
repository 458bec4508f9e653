import { useEffect, useState } from 'react'
import { loadBackgroundMusic } from '../api/listener-api'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'

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
