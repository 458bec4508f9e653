import { LISTENER_MSG, type Playlist } from '@sintonia/contract'

/**
 * The listener's 'Favoritos': the playlist the heart creates, found by its name (the first one so
 * named, in the listener's order). Renamed, it becomes an ordinary playlist and the heart starts a
 * new 'Favoritos' (docs/product/listening.md#favourites-the-heart).
 */
export function findFavourites(playlists: readonly Playlist[]): Playlist | undefined {
  return playlists.find((playlist) => playlist.name === LISTENER_MSG.favouritesName)
}

/** Whether the heart of `audioId` is filled: the audio is in 'Favoritos', whatever other playlists hold it. */
export function isInFavourites(playlists: readonly Playlist[], audioId: string): boolean {
  return findFavourites(playlists)?.audios.some((audio) => audio.id === audioId) ?? false
}
