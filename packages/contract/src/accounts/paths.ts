export const ACCOUNTS_PATHS = {
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
  /** POST {currentPassword, newPassword}: ends the other sign-ins. */
  changePassword: '/api/account/password/change',
  admin: {
    users: '/api/admin/users',
    /** Paid purchases whose buyer has not activated the access yet ("Pagamento sem conta"). */
    unclaimedPurchases: '/api/admin/users/unclaimed-purchases',
    unclaimedPurchaseResend: (id: string) => `/api/admin/users/unclaimed-purchases/${id}/resend`,
    userComplimentary: (userId: string) => `/api/admin/users/${userId}/complimentary`,
    userRole: (userId: string) => `/api/admin/users/${userId}/role`,
    userBan: (userId: string) => `/api/admin/users/${userId}/ban`,
  },
} as const
