import type { SchemasOf } from '../common/http.js'
import { messageResponseSchema } from '../common/errors.js'
import { adminUserResponseSchema, adminUsersResponseSchema, banChangeSchema, complimentaryAccessSchema, roleChangeSchema, unclaimedPurchaseListSchema } from './admin-users.js'
import {
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
import type { ACCOUNTS_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const ACCOUNTS_ENDPOINT_SCHEMAS = {
  signUp: { response: meSchema, body: signUpSchema },
  signIn: { response: meSchema, body: signInSchema },
  signOut: { response: messageResponseSchema, body: null },
  me: { response: currentSignInSchema, body: null },
  forgotPassword: { response: messageResponseSchema, body: forgotPasswordSchema },
  resetPassword: { response: messageResponseSchema, body: resetPasswordSchema },
  deleteAccount: { response: messageResponseSchema, body: deleteAccountSchema },
  onboardingPassword: { response: meSchema, body: onboardingPasswordSchema },
  accessLinkPreview: { response: accessLinkPreviewSchema, body: accessLinkPreviewInputSchema },
  verifyEmail: { response: verifyEmailResultSchema, body: verifyEmailSchema },
  resendVerification: { response: messageResponseSchema, body: null },
  changeEmail: { response: messageResponseSchema, body: changeEmailSchema },
  profile: { response: meSchema, body: updateProfileSchema },
  changePassword: { response: messageResponseSchema, body: changePasswordSchema },
  admin: {
    users: { response: adminUsersResponseSchema, body: null },
    unclaimedPurchases: { response: unclaimedPurchaseListSchema, body: null },
    unclaimedPurchaseResend: { response: messageResponseSchema, body: null },
    userComplimentary: { response: adminUserResponseSchema, body: complimentaryAccessSchema },
    userRole: { response: adminUserResponseSchema, body: roleChangeSchema },
    userBan: { response: adminUserResponseSchema, body: banChangeSchema },
  },
} as const satisfies SchemasOf<typeof ACCOUNTS_ENDPOINTS>
