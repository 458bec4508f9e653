import { del, get, patch, post, schema } from '../common/http.js'
import type {
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
import { LISTENING_PATHS as P } from './paths.js'

export const LISTENING_ENDPOINTS = {
  playlists: get(P.playlists, schema<typeof playlistListSchema>()),
  createPlaylist: post(P.playlists, schema<typeof playlistSchema>(), schema<typeof playlistCreateSchema>()),
  updatePlaylist: patch(P.playlist, schema<typeof playlistSchema>(), schema<typeof playlistUpdateSchema>()),
  deletePlaylist: del(P.playlist),
  addPlaylistAudio: post(P.playlistAudios, schema<typeof playlistSchema>(), schema<typeof playlistAddAudioSchema>()),
  removePlaylistAudio: del(P.playlistAudio, schema<typeof playlistSchema>()),
  events: post(P.events, schema<typeof listeningAcceptedSchema>(), schema<typeof listeningBatchSchema>()),
  today: get(P.today, schema<typeof listeningTodaySchema>()),
  recent: get(P.recent, schema<typeof recentListeningSchema>()),
} as const
