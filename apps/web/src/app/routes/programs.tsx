import { ProgramsPage } from '../../features/practice'
import { useProductName } from '../../lib/product-name'

/** `/programas` — lazy route under the subscriber guard: the published programmes (docs/product/practice.md). */
export default function ProgramasRoute() {
  const productName = useProductName()
  return <ProgramsPage productName={productName} />
}
