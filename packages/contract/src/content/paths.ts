export const CONTENT_PATHS = {
  landing: '/api/landing',
  /** Uploaded landing videos and their thumbnails (public: the landing plays them). */
  videoFile: (name: string) => `/api/media/videos/${name}`,
  admin: {
    landing: '/api/admin/landing',
    videos: '/api/admin/videos',
    videoUpload: '/api/admin/videos/upload',
    video: (videoId: string) => `/api/admin/videos/${videoId}`,
    activeVideo: '/api/admin/videos/active',
    settings: '/api/admin/settings/general',
  },
} as const
