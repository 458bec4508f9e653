/**
 * The push services the server posts reminders to (docs/decisions/024-push-services-allowlist.md):
 * only the browsers' own, named here, over https on the default port. A push endpoint comes from
 * the browser — that is, from whoever calls the API — so any other address would make the server
 * contact what the caller chose, inside the network included.
 */

/** Hosts matched exactly: Chrome and the Chromium browsers on FCM (Android too), Firefox's autopush. */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com']

/**
 * Hosts matched as one label before the suffix: Safari (macOS, and iOS/iPadOS installed apps) on
 * `web.push.apple.com` and its kin, Edge on Windows Push Notification Services
 * (`wns2-<region>.notify.windows.com`).
 */
export const PUSH_SERVICE_HOST_SUFFIXES: readonly string[] = ['.push.apple.com', '.notify.windows.com']

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Whether the server may post to `endpoint`: https, the default port, no user or password in the
 * address, and a host of the push services above (`fcm.googleapis.com.` with its final dot is
 * another name, refused). `testOrigin` (PUSH_TEST_ORIGIN, never in production) adds the one origin
 * of a local push endpoint the tests and browser journeys run.
 */
export function isPushServiceEndpoint(endpoint: string, testOrigin?: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (testOrigin !== undefined && url.origin === testOrigin) return true
  if (url.protocol !== 'https:' || url.port !== '') return false
  const host = url.hostname
  if (PUSH_SERVICE_HOSTS.includes(host)) return true
  return PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && LABEL.test(host.slice(0, -suffix.length)))
}
