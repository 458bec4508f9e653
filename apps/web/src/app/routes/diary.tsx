import { useQuery } from '@tanstack/react-query'
import { DiaryPage } from '../../features/journal'
import { todayQueryOptions } from '../../features/practice'
import { useProductName } from '../../lib/product-name'

/**
 * `/diario` — lazy route under the subscriber guard: the check-ins after each practice
 * (features/journal), dated by the listener's calendar (today's date from features/practice).
 */
export default function DiarioRoute() {
  const productName = useProductName()
  const today = useQuery(todayQueryOptions())
  return <DiaryPage productName={productName} today={today.data?.date ?? null} />
}
