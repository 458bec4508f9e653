/** API paths shared by the server routes and the web client. */
export const API = {
  health: '/api/health',
  /** WebSocket (docs/realtime.md). */
  realtime: '/api/realtime',
  landing: '/api/landing',
  publicFields: '/api/public/fields',
  demo: '/api/demo',
  leads: '/api/leads',
  plans: '/api/plans',
  analyticsEvents: '/api/analytics/events',
  audioFile: (audioId: string) => `/api/audios/${audioId}/file`,
  docs: '/api/docs',
  listener: {
    fields: '/api/fields',
    field: (fieldId: string) => `/api/fields/${fieldId}`,
    fieldAudios: (fieldId: string) => `/api/fields/${fieldId}/audios`,
    audio: (audioId: string) => `/api/audios/${audioId}`,
    backgroundMusic: '/api/background-music',
    backgroundMusicFile: (trackId: string) => `/api/background-music/${trackId}/file`,
    search: '/api/search',
    playlists: '/api/playlists',
    playlist: (playlistId: string) => `/api/playlists/${playlistId}`,
    playlistAudios: (playlistId: string) => `/api/playlists/${playlistId}/audios`,
    playlistAudio: (playlistId: string, audioId: string) => `/api/playlists/${playlistId}/audios/${audioId}`,
    listeningEvents: '/api/listening/events',
    listeningToday: '/api/listening/today',
  },
  auth: {
    signUp: '/api/account/sign-up',
    signIn: '/api/account/sign-in',
    signOut: '/api/account/sign-out',
    me: '/api/account/me',
    forgotPassword: '/api/account/password/forgot',
    resetPassword: '/api/account/password/reset',
    exportData: '/api/account/export',
    deleteAccount: '/api/account',
    onboardingPassword: '/api/onboarding/password',
  },
  subscription: {
    /** check-subscription */
    check: '/api/subscription/check',
    /** GET: the signed-in user's subscription and guarantee (plan page, success page). */
    details: '/api/subscription',
    /** create-subscription (auth-first): POST {planCode} → {url, sessionId} */
    checkout: '/api/subscription/checkout',
    /** customer-portal: POST → {url} */
    portal: '/api/subscription/portal',
    /** Guarantee: POST {reason} asks for a refund within the window. */
    refundRequest: '/api/subscription/refund-request',
  },
  payments: {
    /** GET: provider, test/live mode, test cards, guarantee days (payment page badge). */
    gateway: '/api/payments/gateway',
    /** create-payment (pay-first): POST {email, name, planCode?} → {url, sessionId} */
    checkout: '/api/payments/checkout',
    /** verify-payment: POST {sessionId} → payment verification result */
    verify: '/api/payments/verify',
    /** verify-session: POST {sessionId} → {email, paid, accountExists} */
    verifySession: '/api/payments/verify-session',
    /** Provider webhooks (raw body, signature-checked). */
    webhook: (provider: 'sandbox' | 'stripe') => `/api/payments/webhooks/${provider}`,
  },
  docsJson: '/api/docs/json',
  /** Admin area, content side (modules admin-*): every route is access 'admin'. */
  adminContent: {
    overview: '/api/admin/overview',
    fields: '/api/admin/fields',
    field: (fieldId: string) => `/api/admin/fields/${fieldId}`,
    fieldOrder: '/api/admin/fields/order',
    audios: '/api/admin/audios',
    audio: (audioId: string) => `/api/admin/audios/${audioId}`,
    audioFile: (audioId: string) => `/api/admin/audios/${audioId}/file`,
    music: '/api/admin/background-music',
    musicTrack: (trackId: string) => `/api/admin/background-music/${trackId}`,
    musicFile: (trackId: string) => `/api/admin/background-music/${trackId}/file`,
    musicVolume: '/api/admin/background-music/volume',
    landing: '/api/admin/landing',
    videos: '/api/admin/videos',
    videoUpload: '/api/admin/videos/upload',
    video: (videoId: string) => `/api/admin/videos/${videoId}`,
    activeVideo: '/api/admin/videos/active',
  },
  /** Uploaded landing videos and their thumbnails (public: the landing plays them). */
  videoFile: (name: string) => `/api/media/videos/${name}`,
} as const
