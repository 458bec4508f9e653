import type { Role } from '@sintonia/contract'

export const DEFAULT_POST_LOGIN_PATH = '/dashboard'
export const ADMIN_HOME_PATH = '/admin'
export const PLANS_PATH = '/assinatura'

/** Paths that would bounce straight back to a login form. */
const LOGIN_PATHS = ['/login', '/admin/login']

const BASE = 'https://sintonia.invalid'
/** C0 and C1 controls and the line separators: never in a path we would send someone to. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * A same-site path from an untrusted `?redirect=` value, or null. The value is resolved against the
 * site first and judged as a browser would follow it: same origin, a path that starts with one '/'
 * (never '//host', which `/..//host` resolves to), no backslash (browsers read it as '/'), no
 * control character, and the same once percent-decoded (`/%2F%2Fhost`, `/%5Chost`, `/%09/host`).
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || CONTROL.test(raw)) return null
  const value = raw.trim()
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = url.pathname
  if (!path.startsWith('/') || path.startsWith('//')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  if (decoded.startsWith('//') || decoded.includes('\\') || CONTROL.test(decoded)) return null
  if (LOGIN_PATHS.includes(decoded.toLowerCase().replace(/\/+$/, '') || '/')) return null
  return `${path}${url.search}${url.hash}`
}

/** Appends `name=value` to a path that may already carry a query string (before any hash). */
export function withQueryParam(path: string, name: string, value: string): string {
  const hashIndex = path.indexOf('#')
  const base = hashIndex === -1 ? path : path.slice(0, hashIndex)
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex)
  const separator = base.includes('?') ? '&' : '?'
  return `${base}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`
}

export interface PostLoginInput {
  role: Role
  redirect?: string | null
  plan?: string | null
}

/**
 * Where a signed-in person goes from /login (docs/product/accounts.md#login-and-sign-up-login): the
 * `redirect` value (default /dashboard) with `?auto_plan={plan}` when a plan was chosen. With a
 * plan and no redirect the plan page is the target, so checkout can start
 * (docs/product/commerce.md#auth-first). Admins always land on the admin home.
 */
export function postLoginPath({ role, redirect, plan }: PostLoginInput): string {
  if (role === 'admin') return ADMIN_HOME_PATH
  const cleanPlan = plan?.trim() || null
  const target = safeRedirectPath(redirect) ?? (cleanPlan ? PLANS_PATH : DEFAULT_POST_LOGIN_PATH)
  return cleanPlan ? withQueryParam(target, 'auto_plan', cleanPlan) : target
}

/** `/login?redirect=…` for a guarded page the visitor tried to open. */
export function loginPathFor(originPath: string): string {
  return `/login?redirect=${encodeURIComponent(originPath)}`
}

/** A checkout id worth sending to the server (same shape the contract accepts). */
export function cleanCheckoutId(raw: string | null | undefined): string | undefined {
  const value = raw?.trim()
  return value && /^[A-Za-z0-9_-]{6,255}$/.test(value) ? value : undefined
}
