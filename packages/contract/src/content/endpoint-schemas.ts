import type { SchemasOf } from '../common/http.js'
import { adminActiveVideoSchema, adminLandingSchema, adminVideoLinkSchema, adminVideosSchema, adminVideoUpdateSchema } from './admin.js'
import { landingPageContentSchema, landingResponseSchema } from './landing-schema.js'
import { generalSettingsResponseSchema, generalSettingsSchema } from './settings.js'
import type { CONTENT_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const CONTENT_ENDPOINT_SCHEMAS = {
  landing: { response: landingResponseSchema, body: null },
  admin: {
    landing: { response: adminLandingSchema, body: null },
    updateLanding: { response: adminLandingSchema, body: landingPageContentSchema },
    videos: { response: adminVideosSchema, body: null },
    addVideoLink: { response: adminVideosSchema, body: adminVideoLinkSchema },
    /** Multipart: the video file and its thumbnail (sent with upload progress). */
    uploadVideo: { response: adminVideosSchema, body: null },
    activeVideo: { response: adminVideosSchema, body: adminActiveVideoSchema },
    updateVideo: { response: adminVideosSchema, body: adminVideoUpdateSchema },
    deleteVideo: { response: adminVideosSchema, body: null },
    settings: { response: generalSettingsResponseSchema, body: null },
    updateSettings: { response: generalSettingsResponseSchema, body: generalSettingsSchema },
  },
} as const satisfies SchemasOf<typeof CONTENT_ENDPOINTS>
