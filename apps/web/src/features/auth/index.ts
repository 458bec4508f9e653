/**
 * Public API of the auth feature: the light part the app shell needs on every page (sign-in,
 * sign-out, app-wide effects; the subscription state is lib/use-subscription). Pages and guards
 * are in './pages', imported only by lazy route modules so they stay out of the entry chunk.
 */
export {
  signedInKeys,
  signedInQueryOptions,
  useAcceptSignedInUser,
  useRefreshSignedIn,
  useReplaceSignedInUser,
  useSignedIn,
  useSignIn,
  useSignUp,
  type SignedInState,
  type SignInStatus,
} from './api/signed-in'
export { useSignOut } from './hooks/use-sign-out'
export { useEndSignIn } from './hooks/use-end-sign-in'
export { authErrorText } from './lib/auth-error'
export { PERSONAL_LOCAL_KEYS, clearPersonalLocalData } from './lib/personal-data'
export { postLoginPath, safeRedirectPath, loginPathFor } from './lib/redirect'
export { AuthEffects } from './components/auth-effects'
