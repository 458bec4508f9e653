/**
 * Public API of the auth feature: the light part the app shell needs on every page (session,
 * sign-out, app-wide effects; the subscription state is lib/use-subscription). Pages and guards
 * are in './pages', imported only by lazy route modules so they stay out of the entry chunk.
 */
export {
  sessionKeys,
  sessionQueryOptions,
  useRefreshSession,
  useReplaceSessionUser,
  useSession,
  useSignIn,
  useSignUp,
  type SessionState,
  type SessionStatus,
} from './api/session'
export { useSignOut } from './hooks/use-sign-out'
export { useEndSession } from './hooks/use-end-session'
export { authErrorText } from './lib/auth-error'
export { PERSONAL_LOCAL_KEYS, clearPersonalLocalData } from './lib/personal-data'
export { postLoginPath, safeRedirectPath, loginPathFor } from './lib/redirect'
export { AuthEffects } from './components/auth-effects'
