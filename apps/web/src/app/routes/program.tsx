import { useParams } from 'react-router'
import { ProgramPage } from '../../features/practice'
import { useProductName } from '../../lib/product-name'

/** `/programas/:slug` — lazy route under the subscriber guard: a programme and its path of days. */
export default function ProgramaRoute() {
  const { slug = '' } = useParams()
  const productName = useProductName()
  return <ProgramPage slug={slug} productName={productName} />
}
