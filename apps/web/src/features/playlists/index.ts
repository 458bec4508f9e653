/** Public API of the playlists feature. Route modules import from here only. */
export { PlaylistsSection, type PlaylistPlayState } from './components/playlists-section'
export { AddToPlaylistButton, FavouriteButton, type FavouriteButtonProps } from './components/favourite-button'
export { playlistKeys, playlistsQueryOptions, usePlaylists, type PlaylistAudioInput } from './api/playlists'
