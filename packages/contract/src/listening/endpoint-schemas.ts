import type { SchemasOf } from '../common/http.js'
import {
  listeningAcceptedSchema,
  listeningBatchSchema,
  listeningTodaySchema,
  recentListeningSchema,
  playlistAddAudioSchema,
  playlistCreateSchema,
  playlistListSchema,
  playlistSchema,
  playlistUpdateSchema,
} from './playlists.js'
import type { LISTENING_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const LISTENING_ENDPOINT_SCHEMAS = {
  playlists: { response: playlistListSchema, body: null },
  createPlaylist: { response: playlistSchema, body: playlistCreateSchema },
  updatePlaylist: { response: playlistSchema, body: playlistUpdateSchema },
  deletePlaylist: { response: null, body: null },
  addPlaylistAudio: { response: playlistSchema, body: playlistAddAudioSchema },
  removePlaylistAudio: { response: playlistSchema, body: null },
  events: { response: listeningAcceptedSchema, body: listeningBatchSchema },
  today: { response: listeningTodaySchema, body: null },
  recent: { response: recentListeningSchema, body: null },
} as const satisfies SchemasOf<typeof LISTENING_ENDPOINTS>
