import type { SchemasOf } from '../common/http.js'
import { coverAnswerSchema } from '../common/covers.js'
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
import { audioTranscriptSchema } from './transcript.js'
import type { CATALOGUE_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const CATALOGUE_ENDPOINT_SCHEMAS = {
  publicFields: { response: fieldListSchema, body: null },
  demo: { response: demoSchema, body: null },
  fields: { response: fieldListSchema, body: null },
  field: { response: fieldDetailSchema, body: null },
  fieldAudios: { response: fieldAudiosSchema, body: null },
  audio: { response: audioDetailSchema, body: null },
  audioTranscript: { response: audioTranscriptSchema, body: null },
  backgroundMusic: { response: backgroundMusicSchema, body: null },
  search: { response: searchResponseSchema, body: null },
  admin: {
    fields: { response: fieldListSchema, body: null },
    createField: { response: adminFieldResponseSchema, body: adminFieldInputSchema },
    updateField: { response: adminFieldResponseSchema, body: adminFieldUpdateSchema },
    deleteField: { response: null, body: null },
    /** Multipart: one image `file` (docs/product/covers.md). */
    setFieldCover: { response: coverAnswerSchema, body: null },
    removeFieldCover: { response: coverAnswerSchema, body: null },
    fieldOrder: { response: fieldListSchema, body: adminFieldOrderSchema },
    audios: { response: adminAudioListSchema, body: null },
    /** Multipart: the file and its details (sent with upload progress). */
    createAudio: { response: adminAudioResponseSchema, body: null },
    updateAudio: { response: adminAudioResponseSchema, body: adminAudioUpdateSchema },
    replaceAudioFile: { response: adminAudioResponseSchema, body: null },
    deleteAudio: { response: null, body: null },
    /** Multipart: one image `file` (docs/product/covers.md). */
    setAudioCover: { response: coverAnswerSchema, body: null },
    removeAudioCover: { response: coverAnswerSchema, body: null },
    music: { response: adminMusicListSchema, body: null },
    createMusic: { response: adminMusicResponseSchema, body: null },
    updateMusic: { response: adminMusicResponseSchema, body: adminMusicUpdateSchema },
    deleteMusic: { response: null, body: null },
    musicVolume: { response: musicVolumeSchema, body: musicVolumeSchema },
  },
} as const satisfies SchemasOf<typeof CATALOGUE_ENDPOINTS>
