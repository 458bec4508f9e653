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
    /** POST {token}: what the access link's page shows (e-mail, name, plans waiting). */
    accessLinkPreview: '/api/onboarding/access-link',
    /** POST {token}: the link of the confirmation e-mail (sign-up or e-mail change). */
    verifyEmail: '/api/account/email/verify',
    /** POST: sends the confirmation e-mail again to the signed-in person. */
    resendVerification: '/api/account/email/send-verification',
    /** POST {newEmail}: asks to change the e-mail (confirmed from the new mailbox). */
    changeEmail: '/api/account/email/change',
    /** PATCH {name}: the display name. */
    profile: '/api/account/profile',
    /** POST {currentPassword, newPassword}: ends the other sessions. */
    changePassword: '/api/account/password/change',
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
    /** POST {sessionId}: e-mails the purchase's access link again (the buyer still on the processing page). */
    resendAccessLink: '/api/payments/access-link',
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
