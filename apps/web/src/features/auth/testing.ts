/** Test-only entry of the auth feature: resets of module state that tests of the app need. */
export { resetLastRouteStartForTests } from './components/auth-effects'
