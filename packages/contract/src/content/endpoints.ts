import { del, get, patch, post, put, schema } from '../common/http.js'
import type { adminActiveVideoSchema, adminLandingSchema, adminVideoLinkSchema, adminVideosSchema, adminVideoUpdateSchema } from './admin.js'
import type { landingPageContentSchema, landingResponseSchema } from './landing-schema.js'
import type { generalSettingsResponseSchema, generalSettingsSchema } from './settings.js'
import { CONTENT_PATHS as P } from './paths.js'

export const CONTENT_ENDPOINTS = {
  landing: get(P.landing, schema<typeof landingResponseSchema>()),
  admin: {
    landing: get(P.admin.landing, schema<typeof adminLandingSchema>()),
    updateLanding: put(P.admin.landing, schema<typeof adminLandingSchema>(), schema<typeof landingPageContentSchema>()),
    videos: get(P.admin.videos, schema<typeof adminVideosSchema>()),
    addVideoLink: post(P.admin.videos, schema<typeof adminVideosSchema>(), schema<typeof adminVideoLinkSchema>()),
    /** Multipart: the video file and its thumbnail (sent with upload progress). */
    uploadVideo: post(P.admin.videoUpload, schema<typeof adminVideosSchema>()),
    activeVideo: put(P.admin.activeVideo, schema<typeof adminVideosSchema>(), schema<typeof adminActiveVideoSchema>()),
    updateVideo: patch(P.admin.video, schema<typeof adminVideosSchema>(), schema<typeof adminVideoUpdateSchema>()),
    deleteVideo: del(P.admin.video, schema<typeof adminVideosSchema>()),
    settings: get(P.admin.settings, schema<typeof generalSettingsResponseSchema>()),
    updateSettings: put(P.admin.settings, schema<typeof generalSettingsResponseSchema>(), schema<typeof generalSettingsSchema>()),
  },
} as const
