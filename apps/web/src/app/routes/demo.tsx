import { DemoPage } from '../../features/demo'
import { useProductName } from '../../lib/product-name'

/** `/demo` — lazy route. */
export default function DemoRoute() {
  const productName = useProductName()
  return <DemoPage productName={productName} />
}
