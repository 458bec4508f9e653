import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { preferencesQueryOptions, useUpdatePreferences } from '../api/practice-api'
import { browserTimeZone } from '../lib/time-zones'

/** Once per page load at most: a refused zone (an unknown name) is not sent again on every visit to the dashboard. */
let attempted = false

/** Tests only. */
export function resetTimeZoneSendForTests(): void {
  attempted = false
}

/**
 * The browser's time zone is sent once, the first time the listener's practice is read and no zone
 * was ever set (docs/product/practice.md#days-and-today): days then open at this listener's own
 * midnight. A zone the listener chose (or one already sent) is never overwritten.
 */
export function useSendTimeZoneOnce(enabled = true): void {
  const preferences = useQuery({ ...preferencesQueryOptions(), enabled })
  const update = useUpdatePreferences()
  const { mutate } = update
  const needed = preferences.data?.timeZoneChosen === false
  useEffect(() => {
    if (!enabled || !needed || attempted) return
    const zone = browserTimeZone()
    if (!zone) return
    attempted = true
    mutate({ timeZone: zone })
  }, [enabled, needed, mutate])
}
