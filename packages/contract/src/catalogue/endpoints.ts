import { del, get, patch, post, put, schema } from '../common/http.js'
import type { coverAnswerSchema } from '../common/covers.js'
import type {
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
import type { demoSchema, fieldListSchema } from './catalogue.js'
import type { audioTranscriptSchema } from './transcript.js'
import type { audioDetailSchema, backgroundMusicSchema, fieldAudiosSchema, fieldDetailSchema, searchResponseSchema } from './listener.js'
import { CATALOGUE_PATHS as P } from './paths.js'

export const CATALOGUE_ENDPOINTS = {
  publicFields: get(P.publicFields, schema<typeof fieldListSchema>()),
  demo: get(P.demo, schema<typeof demoSchema>()),
  fields: get(P.fields, schema<typeof fieldListSchema>()),
  field: get(P.field, schema<typeof fieldDetailSchema>()),
  fieldAudios: get(P.fieldAudios, schema<typeof fieldAudiosSchema>()),
  audio: get(P.audio, schema<typeof audioDetailSchema>()),
  audioTranscript: get(P.audioTranscript, schema<typeof audioTranscriptSchema>()),
  backgroundMusic: get(P.backgroundMusic, schema<typeof backgroundMusicSchema>()),
  search: get(P.search, schema<typeof searchResponseSchema>()),
  admin: {
    fields: get(P.admin.fields, schema<typeof fieldListSchema>()),
    createField: post(P.admin.fields, schema<typeof adminFieldResponseSchema>(), schema<typeof adminFieldInputSchema>()),
    updateField: patch(P.admin.field, schema<typeof adminFieldResponseSchema>(), schema<typeof adminFieldUpdateSchema>()),
    deleteField: del(P.admin.field),
    /** Multipart: one image `file` (docs/product/covers.md). */
    setFieldCover: put(P.admin.fieldCover, schema<typeof coverAnswerSchema>()),
    removeFieldCover: del(P.admin.fieldCover, schema<typeof coverAnswerSchema>()),
    fieldOrder: put(P.admin.fieldOrder, schema<typeof fieldListSchema>(), schema<typeof adminFieldOrderSchema>()),
    audios: get(P.admin.audios, schema<typeof adminAudioListSchema>()),
    /** Multipart: the file and its details (sent with upload progress). */
    createAudio: post(P.admin.audios, schema<typeof adminAudioResponseSchema>()),
    updateAudio: patch(P.admin.audio, schema<typeof adminAudioResponseSchema>(), schema<typeof adminAudioUpdateSchema>()),
    replaceAudioFile: put(P.admin.audioFile, schema<typeof adminAudioResponseSchema>()),
    deleteAudio: del(P.admin.audio),
    /** Multipart: one image `file` (docs/product/covers.md). */
    setAudioCover: put(P.admin.audioCover, schema<typeof coverAnswerSchema>()),
    removeAudioCover: del(P.admin.audioCover, schema<typeof coverAnswerSchema>()),
    music: get(P.admin.music, schema<typeof adminMusicListSchema>()),
    createMusic: post(P.admin.music, schema<typeof adminMusicResponseSchema>()),
    updateMusic: patch(P.admin.musicTrack, schema<typeof adminMusicResponseSchema>(), schema<typeof adminMusicUpdateSchema>()),
    deleteMusic: del(P.admin.musicTrack),
    musicVolume: put(P.admin.musicVolume, schema<typeof musicVolumeSchema>(), schema<typeof musicVolumeSchema>()),
  },
} as const
