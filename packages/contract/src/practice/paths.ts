export const PRACTICE_PATHS = {
  programs: '/api/programs',
  program: (slug: string) => `/api/programs/${slug}`,
  enrolment: (programId: string) => `/api/programs/${programId}/enrolment`,
  restart: (programId: string) => `/api/programs/${programId}/restart`,
  featured: (programId: string) => `/api/programs/${programId}/featured`,
  today: '/api/practice/today',
  progress: '/api/practice/progress',
  preferences: '/api/practice/preferences',
  pushKey: '/api/practice/push-key',
  pushSubscriptions: '/api/practice/push-subscriptions',
  reminderOpened: (deliveryId: string) => `/api/practice/reminders/${deliveryId}/opened`,
  /** The Diário: check-ins after a practice (list, create), one of them, the week, the CSV. */
  checkIns: '/api/practice/check-ins',
  checkIn: (checkInId: string) => `/api/practice/check-ins/${checkInId}`,
  checkInWeek: '/api/practice/check-ins/week',
  /** CSV attachment (a path only, like the leads' export). */
  checkInsCsv: '/api/practice/check-ins/export.csv',
  /** The e-mail reminder's one-click unsubscribe (GET shows a page, POST is RFC 8058's one click); no login. */
  unsubscribe: '/api/reminders/unsubscribe',
  admin: {
    programs: '/api/admin/programs',
    program: (programId: string) => `/api/admin/programs/${programId}`,
    publish: (programId: string) => `/api/admin/programs/${programId}/publish`,
    cover: (programId: string) => `/api/admin/programs/${programId}/cover`,
    order: '/api/admin/programs/order',
    insights: '/api/admin/programs/insights',
  },
} as const
