import { del, get, patch, post } from '../shared/http.js'
import { LISTENING_PATHS as P } from './paths.js'
import {
  listeningAcceptedSchema,
  listeningBatchSchema,
  listeningTodaySchema,
  playlistAddAudioSchema,
  playlistCreateSchema,
  playlistListSchema,
  playlistSchema,
  playlistUpdateSchema,
} from './playlists.js'

export const LISTENING_ENDPOINTS = {
  playlists: get(P.playlists, playlistListSchema),
  createPlaylist: post(P.playlists, playlistSchema, playlistCreateSchema),
  updatePlaylist: patch(P.playlist, playlistSchema, playlistUpdateSchema),
  deletePlaylist: del(P.playlist, null),
  addPlaylistAudio: post(P.playlistAudios, playlistSchema, playlistAddAudioSchema),
  removePlaylistAudio: del(P.playlistAudio, playlistSchema),
  events: post(P.events, listeningAcceptedSchema, listeningBatchSchema),
  today: get(P.today, listeningTodaySchema),
} as const
