export const LISTENING_PATHS = {
  playlists: '/api/playlists',
  playlist: (playlistId: string) => `/api/playlists/${playlistId}`,
  playlistAudios: (playlistId: string) => `/api/playlists/${playlistId}/audios`,
  playlistAudio: (playlistId: string, audioId: string) => `/api/playlists/${playlistId}/audios/${audioId}`,
  events: '/api/listening/events',
  today: '/api/listening/today',
  recent: '/api/listening/recent',
} as const
