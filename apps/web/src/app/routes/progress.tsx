import { WeekChart } from '../../features/journal'
import { ProgressPage } from '../../features/practice'
import { useProductName } from '../../lib/product-name'

/**
 * `/progresso` — lazy route under the subscriber guard: the paths, the calendar, the streak and the
 * practice preferences (features/practice), with the week's minutes and moods (features/journal).
 */
export default function ProgressoRoute() {
  const productName = useProductName()
  return <ProgressPage productName={productName} weekChart={<WeekChart />} />
}
