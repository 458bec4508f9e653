/**
 * The service worker's side of push reminders (docs/product/practice.md#reminders), the worker's
 * public entry into this feature (src/sw.ts installs it). Kept free of imports so the worker's
 * bundle stays small: the payload is checked by hand against the contract's ReminderPushPayload.
 *
 * - `push`: shows the reminder (title, body, tag, icon) with its address in `data.url`; a push
 *   whose data is not a reminder is ignored.
 * - `notificationclick`: focuses an open window of the app and takes it to the address, else opens
 *   a new one.
 */

export interface ReminderNotification {
  title: string
  body: string
  tag: string
  /** A path of this site (`/hoje?lembrete=…`); anything else is refused. */
  url: string
}

export const REMINDER_ICON = '/icons/icon-192.png'

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max

/** The reminder in a push's JSON, or null when it is not one (malformed, or a url leaving the site). */
export function parseReminderPush(json: unknown): ReminderNotification | null {
  if (typeof json !== 'object' || json === null) return null
  const { title, body, url, tag } = json as Record<string, unknown>
  if (!isText(title, 200) || !isText(body, 500) || !isText(url, 500) || !isText(tag, 100)) return null
  // Same-site paths only: '/hoje?…', never '//elsewhere' nor 'https://…'.
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null
  return { title, body, tag, url }
}

function readPushJson(data: PushMessageData | null): unknown {
  if (!data) return null
  try {
    return data.json()
  } catch {
    return null
  }
}

/** Where a click on the notification goes: the reminder's path, resolved against the worker's site. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/hoje'
  return new URL(path, origin).href
}

export function installReminderPush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const reminder = parseReminderPush(readPushJson(event.data))
    if (!reminder) return
    event.waitUntil(
      worker.registration.showNotification(reminder.title, {
        body: reminder.body,
        tag: reminder.tag,
        icon: REMINDER_ICON,
        badge: REMINDER_ICON,
        data: { url: reminder.url },
      }),
    )
  })

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const target = notificationTarget(event.notification.data, worker.location.origin)
    event.waitUntil(openOrFocus(worker, target))
  })
}

/** An open window of the app is focused and taken to `target`; without one, a new window opens there. */
export async function openOrFocus(worker: Pick<ServiceWorkerGlobalScope, 'clients' | 'location'>, target: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin)
  if (open) {
    const focused = await open.focus()
    await (focused ?? open).navigate(target).catch(() => worker.clients.openWindow(target))
    return
  }
  await worker.clients.openWindow(target)
}
