import { del, get, patch, post, put } from '../shared/http.js'
import {
  adminAudioListSchema,
  adminAudioResponseSchema,
  adminAudioUpdateSchema,
  adminFieldInputSchema,
  adminFieldOrderSchema,
  adminFieldResponseSchema,
  adminFieldUpdateSchema,
  adminMusicListSchema,
  adminMusicResponseSchema,
  adminMusicUpdateSchema,
  musicVolumeSchema,
} from './admin.js'
import { demoSchema, fieldListSchema } from './catalogue.js'
import { audioDetailSchema, backgroundMusicSchema, fieldAudiosSchema, fieldDetailSchema, searchResponseSchema } from './listener.js'
import { CATALOGUE_PATHS as P } from './paths.js'

export const CATALOGUE_ENDPOINTS = {
  publicFields: get(P.publicFields, fieldListSchema),
  demo: get(P.demo, demoSchema),
  fields: get(P.fields, fieldListSchema),
  field: get(P.field, fieldDetailSchema),
  fieldAudios: get(P.fieldAudios, fieldAudiosSchema),
  audio: get(P.audio, audioDetailSchema),
  backgroundMusic: get(P.backgroundMusic, backgroundMusicSchema),
  search: get(P.search, searchResponseSchema),
  admin: {
    fields: get(P.admin.fields, fieldListSchema),
    createField: post(P.admin.fields, adminFieldResponseSchema, adminFieldInputSchema),
    updateField: patch(P.admin.field, adminFieldResponseSchema, adminFieldUpdateSchema),
    deleteField: del(P.admin.field, null),
    fieldOrder: put(P.admin.fieldOrder, fieldListSchema, adminFieldOrderSchema),
    audios: get(P.admin.audios, adminAudioListSchema),
    /** Multipart: the file and its details (sent with upload progress). */
    createAudio: post(P.admin.audios, adminAudioResponseSchema),
    updateAudio: patch(P.admin.audio, adminAudioResponseSchema, adminAudioUpdateSchema),
    replaceAudioFile: put(P.admin.audioFile, adminAudioResponseSchema),
    deleteAudio: del(P.admin.audio, null),
    music: get(P.admin.music, adminMusicListSchema),
    createMusic: post(P.admin.music, adminMusicResponseSchema),
    updateMusic: patch(P.admin.musicTrack, adminMusicResponseSchema, adminMusicUpdateSchema),
    deleteMusic: del(P.admin.musicTrack, null),
    musicVolume: put(P.admin.musicVolume, musicVolumeSchema, musicVolumeSchema),
  },
} as const
