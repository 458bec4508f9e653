export const CATALOGUE_PATHS = {
  publicFields: '/api/public/fields',
  demo: '/api/demo',
  /** The audio's bytes (ranges): the demo audio for anyone, the rest for listeners with access. */
  audioFile: (audioId: string) => `/api/audios/${audioId}/file`,
  fields: '/api/fields',
  field: (fieldId: string) => `/api/fields/${fieldId}`,
  fieldAudios: (fieldId: string) => `/api/fields/${fieldId}/audios`,
  audio: (audioId: string) => `/api/audios/${audioId}`,
  /** The audio's transcript: the demo's for anyone, the others for listeners with access. */
  audioTranscript: (audioId: string) => `/api/audios/${audioId}/transcript`,
  backgroundMusic: '/api/background-music',
  backgroundMusicFile: (trackId: string) => `/api/background-music/${trackId}/file`,
  search: '/api/search',
  /** A cover image's file (public, immutable): `<id>-<width>.webp` (common/covers.ts). */
  coverFile: (file: string) => `/api/covers/${file}`,
  admin: {
    fields: '/api/admin/fields',
    field: (fieldId: string) => `/api/admin/fields/${fieldId}`,
    fieldOrder: '/api/admin/fields/order',
    fieldCover: (fieldId: string) => `/api/admin/fields/${fieldId}/cover`,
    audios: '/api/admin/audios',
    audio: (audioId: string) => `/api/admin/audios/${audioId}`,
    audioFile: (audioId: string) => `/api/admin/audios/${audioId}/file`,
    audioCover: (audioId: string) => `/api/admin/audios/${audioId}/cover`,
    music: '/api/admin/background-music',
    musicTrack: (trackId: string) => `/api/admin/background-music/${trackId}`,
    musicFile: (trackId: string) => `/api/admin/background-music/${trackId}/file`,
    musicVolume: '/api/admin/background-music/volume',
  },
} as const
