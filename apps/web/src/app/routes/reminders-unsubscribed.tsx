import { useSearchParams } from 'react-router'
import { RemindersUnsubscribedPage } from '../../features/reminders'
import { useProductName } from '../../lib/product-name'

/** `/lembretes/cancelados` — public: the e-mail reminder's unsubscribe link lands here (`?erro=1` for an invalid link). */
export default function LembretesCanceladosRoute() {
  const productName = useProductName()
  const [search] = useSearchParams()
  return <RemindersUnsubscribedPage invalid={search.get('erro') === '1'} productName={productName} />
}
