import { del, get, patch, post, put } from '../shared/http.js'
import { adminActiveVideoSchema, adminLandingSchema, adminVideoLinkSchema, adminVideosSchema, adminVideoUpdateSchema } from './admin.js'
import { landingPageContentSchema, landingResponseSchema } from './landing-schema.js'
import { CONTENT_PATHS as P } from './paths.js'
import { generalSettingsResponseSchema, generalSettingsSchema } from './settings.js'

export const CONTENT_ENDPOINTS = {
  landing: get(P.landing, landingResponseSchema),
  admin: {
    landing: get(P.admin.landing, adminLandingSchema),
    updateLanding: put(P.admin.landing, adminLandingSchema, landingPageContentSchema),
    videos: get(P.admin.videos, adminVideosSchema),
    addVideoLink: post(P.admin.videos, adminVideosSchema, adminVideoLinkSchema),
    /** Multipart: the video file and its thumbnail (sent with upload progress). */
    uploadVideo: post(P.admin.videoUpload, adminVideosSchema),
    activeVideo: put(P.admin.activeVideo, adminVideosSchema, adminActiveVideoSchema),
    updateVideo: patch(P.admin.video, adminVideosSchema, adminVideoUpdateSchema),
    deleteVideo: del(P.admin.video, adminVideosSchema),
    settings: get(P.admin.settings, generalSettingsResponseSchema),
    updateSettings: put(P.admin.settings, generalSettingsResponseSchema, generalSettingsSchema),
  },
} as const
