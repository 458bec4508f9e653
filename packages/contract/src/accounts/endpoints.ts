import { del, get, patch, post, put } from '../shared/http.js'
import { messageResponseSchema } from '../shared/errors.js'
import { adminUserResponseSchema, adminUsersResponseSchema, banChangeSchema, complimentaryAccessSchema, roleChangeSchema, unclaimedPurchaseListSchema } from './admin-users.js'
import {
  accessLinkPreviewInputSchema,
  accessLinkPreviewSchema,
  changeEmailSchema,
  changePasswordSchema,
  currentSessionSchema,
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
  signUp: post(P.signUp, meSchema, signUpSchema),
  signIn: post(P.signIn, meSchema, signInSchema),
  signOut: post(P.signOut, messageResponseSchema),
  me: get(P.me, currentSessionSchema),
  forgotPassword: post(P.forgotPassword, messageResponseSchema, forgotPasswordSchema),
  resetPassword: post(P.resetPassword, messageResponseSchema, resetPasswordSchema),
  deleteAccount: del(P.deleteAccount, messageResponseSchema, deleteAccountSchema),
  onboardingPassword: post(P.onboardingPassword, meSchema, onboardingPasswordSchema),
  accessLinkPreview: post(P.accessLinkPreview, accessLinkPreviewSchema, accessLinkPreviewInputSchema),
  verifyEmail: post(P.verifyEmail, verifyEmailResultSchema, verifyEmailSchema),
  resendVerification: post(P.resendVerification, messageResponseSchema),
  changeEmail: post(P.changeEmail, messageResponseSchema, changeEmailSchema),
  profile: patch(P.profile, meSchema, updateProfileSchema),
  changePassword: post(P.changePassword, messageResponseSchema, changePasswordSchema),
  admin: {
    users: get(P.admin.users, adminUsersResponseSchema),
    unclaimedPurchases: get(P.admin.unclaimedPurchases, unclaimedPurchaseListSchema),
    unclaimedPurchaseResend: post(P.admin.unclaimedPurchaseResend, messageResponseSchema),
    userComplimentary: post(P.admin.userComplimentary, adminUserResponseSchema, complimentaryAccessSchema),
    userRole: put(P.admin.userRole, adminUserResponseSchema, roleChangeSchema),
    userBan: put(P.admin.userBan, adminUserResponseSchema, banChangeSchema),
  },
} as const
