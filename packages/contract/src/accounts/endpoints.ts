import { del, get, patch, post, put, schema } from '../common/http.js'
import type { messageResponseSchema } from '../common/errors.js'
import type { adminUserResponseSchema, adminUsersResponseSchema, banChangeSchema, complimentaryAccessSchema, roleChangeSchema, unclaimedPurchaseListSchema } from './admin-users.js'
import type {
  accessLinkPreviewInputSchema,
  accessLinkPreviewSchema,
  changeEmailSchema,
  changePasswordSchema,
  currentSignInSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  meSchema,
  onboardingPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updateProfileSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from './auth.js'
import { ACCOUNTS_PATHS as P } from './paths.js'

export const ACCOUNTS_ENDPOINTS = {
  signUp: post(P.signUp, schema<typeof meSchema>(), schema<typeof signUpSchema>()),
  signIn: post(P.signIn, schema<typeof meSchema>(), schema<typeof signInSchema>()),
  signOut: post(P.signOut, schema<typeof messageResponseSchema>()),
  me: get(P.me, schema<typeof currentSignInSchema>()),
  forgotPassword: post(P.forgotPassword, schema<typeof messageResponseSchema>(), schema<typeof forgotPasswordSchema>()),
  resetPassword: post(P.resetPassword, schema<typeof messageResponseSchema>(), schema<typeof resetPasswordSchema>()),
  deleteAccount: del(P.deleteAccount, schema<typeof messageResponseSchema>(), schema<typeof deleteAccountSchema>()),
  onboardingPassword: post(P.onboardingPassword, schema<typeof meSchema>(), schema<typeof onboardingPasswordSchema>()),
  accessLinkPreview: post(P.accessLinkPreview, schema<typeof accessLinkPreviewSchema>(), schema<typeof accessLinkPreviewInputSchema>()),
  verifyEmail: post(P.verifyEmail, schema<typeof verifyEmailResultSchema>(), schema<typeof verifyEmailSchema>()),
  resendVerification: post(P.resendVerification, schema<typeof messageResponseSchema>()),
  changeEmail: post(P.changeEmail, schema<typeof messageResponseSchema>(), schema<typeof changeEmailSchema>()),
  profile: patch(P.profile, schema<typeof meSchema>(), schema<typeof updateProfileSchema>()),
  changePassword: post(P.changePassword, schema<typeof messageResponseSchema>(), schema<typeof changePasswordSchema>()),
  admin: {
    users: get(P.admin.users, schema<typeof adminUsersResponseSchema>()),
    unclaimedPurchases: get(P.admin.unclaimedPurchases, schema<typeof unclaimedPurchaseListSchema>()),
    unclaimedPurchaseResend: post(P.admin.unclaimedPurchaseResend, schema<typeof messageResponseSchema>()),
    userComplimentary: post(P.admin.userComplimentary, schema<typeof adminUserResponseSchema>(), schema<typeof complimentaryAccessSchema>()),
    userRole: put(P.admin.userRole, schema<typeof adminUserResponseSchema>(), schema<typeof roleChangeSchema>()),
    userBan: put(P.admin.userBan, schema<typeof adminUserResponseSchema>(), schema<typeof banChangeSchema>()),
  },
} as const
