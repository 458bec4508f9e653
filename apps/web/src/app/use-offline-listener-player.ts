import { createOfflinePlayableUrlResolver, createOfflineSessionResolver, withOfflineMusic } from '../features/offline'
import { createListenerPlayer, describeSession, loadBackgroundMusic, useListenerPlayer } from '../features/player'
import { useRealtimeEvent } from '../features/realtime'
import { pageAudioElements } from '../lib/page-audio'

/**
 * The listener's player as every listening page uses it (the audio page, today's session): one
 * rendered session from the API, or the one kept with a download when it answers the same settings
 * (always the kept one offline); without a session, the voice plays this device's offline copy when
 * there is one and the music the tracks kept with the downloads — on the page's own elements when a
 * click already unlocked them (lib/page-audio.ts); an admin's music change reloads the tracks.
 */
export function useOfflineListenerPlayer() {
  const player = useListenerPlayer(() => {
    const resolveUrl = createOfflinePlayableUrlResolver()
    const resolveSession = createOfflineSessionResolver(describeSession)
    const loadMusic = withOfflineMusic(loadBackgroundMusic)
    const elements = pageAudioElements()
    const created = createListenerPlayer({
      loadMusic,
      resolveUrl,
      resolveSession,
      ...(elements ? { voiceElement: elements.voice, musicElement: elements.music } : {}),
    })
    const destroy = created.destroy.bind(created)
    return Object.assign(created, {
      destroy() {
        destroy()
        resolveUrl.dispose()
        resolveSession.dispose()
        loadMusic.dispose()
      },
    })
  })
  // Playback continues if it was on.
  useRealtimeEvent('music_changed', () => void player?.music.refresh())
  return player
}
