import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { markReminderOpened } from '../api/reminders-api'

/** The query parameter a reminder's link carries: `/hoje?lembrete=<deliveryId>`. */
export const REMINDER_QUERY_PARAM = 'lembrete'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Deliveries already reported in this page load (a remount or a re-render does not post again). */
const reported = new Set<string>()

/** Tests only. */
export function resetReminderOpenedForTests(): void {
  reported.clear()
}

/**
 * Today's session page calls this: when the page was opened from a reminder
 * (`?lembrete=<deliveryId>`), it tells the server once that the reminder was opened
 * (docs/product/practice.md#reminders). Nothing is shown; a failed call (offline) may be tried again
 * on the next visit of the link.
 */
export function useReminderOpened(): void {
  const [search] = useSearchParams()
  const deliveryId = search.get(REMINDER_QUERY_PARAM)
  useEffect(() => {
    if (!deliveryId || !UUID.test(deliveryId) || reported.has(deliveryId)) return
    reported.add(deliveryId)
    markReminderOpened(deliveryId).catch(() => reported.delete(deliveryId))
  }, [deliveryId])
}
