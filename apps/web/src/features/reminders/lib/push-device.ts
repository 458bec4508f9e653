/**
 * This browser's side of push reminders: whether it can receive them, the permission, and the
 * PushSubscription the service worker's push manager makes with the server's VAPID key. One
 * object so the settings can be tested without a browser.
 */
import type { PushSubscriptionInput } from '@sintonia/contract'
import type { PushSupport } from './reminder-form'

export interface PushDevice {
  support(): PushSupport
  /** Asks the browser (its own dialog). Call it straight from the listener's click. */
  requestPermission(): Promise<NotificationPermission>
  /** This browser's current subscription, if it has one. */
  current(): Promise<PushSubscriptionInput | null>
  /** Subscribes (or returns the existing subscription) with the server's VAPID public key. */
  subscribe(publicKey: string): Promise<PushSubscriptionInput>
}

export class PushDeviceError extends Error {
  override readonly name = 'PushDeviceError'
  constructor(readonly reason: 'no-service-worker' | 'subscribe-failed') {
    super(reason)
  }
}

/** The VAPID key as the push manager wants it (base64url → bytes). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer) return true
  const other = new Uint8Array(buffer)
  return other.length === bytes.length && other.every((byte, i) => byte === bytes[i])
}

function isIos(nav: Navigator): boolean {
  if (/iphone|ipad|ipod/i.test(nav.userAgent)) return true
  return /macintosh/i.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1
}

function isStandalone(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON()
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

/** How long to wait for the service worker (absent in development builds) before saying so. */
const READY_TIMEOUT_MS = 10_000

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushDeviceError('no-service-worker')), READY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export function browserPushDevice(win: Window & { Notification?: typeof Notification } = window): PushDevice {
  const supported = () => 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win
  return {
    support() {
      const ok = supported()
      return { supported: ok, ios: isIos(win.navigator), standalone: isStandalone(win), permission: ok && win.Notification ? win.Notification.permission : 'unsupported' }
    },
    requestPermission() {
      return win.Notification ? win.Notification.requestPermission() : Promise.resolve('denied')
    },
    async current() {
      if (!supported()) return null
      const found = await win.navigator.serviceWorker.getRegistration()
      const subscription = await found?.pushManager.getSubscription()
      return subscription ? toInput(subscription) : null
    },
    async subscribe(publicKey) {
      const ready = await registration()
      try {
        const key = keyBytes(publicKey)
        let existing = await ready.pushManager.getSubscription()
        // Made with another server key (the server's keys changed): it would never receive anything.
        if (existing && !sameBytes(existing.options.applicationServerKey, key)) {
          await existing.unsubscribe()
          existing = null
        }
        const subscription = existing ?? (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
        return toInput(subscription)
      } catch {
        throw new PushDeviceError('subscribe-failed')
      }
    },
  }
}
