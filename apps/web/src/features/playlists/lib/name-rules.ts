import { LISTENER_MSG, PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '@sintonia/contract'

export { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX }

/** The name is required after trimming. Returns the toast to show, or null. */
export function playlistNameProblem(name: string): { title: string; description: string } | null {
  if (!name.trim()) return { title: LISTENER_MSG.playlistNameRequiredTitle, description: LISTENER_MSG.playlistNameRequired }
  return null
}
