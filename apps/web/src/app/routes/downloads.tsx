import { DownloadsPage } from '../../features/offline'
import { useProductName } from '../../lib/product-name'

/** `/downloads` — lazy route under the subscriber guard: the audios kept on this device. */
export default function DownloadsRoute() {
  const productName = useProductName()
  return (
    <DownloadsPage
      productName={productName}
      audioHref={(audio) => `/campo/${audio.fieldId}/audio/${audio.id}`}
      browseHref="/dashboard"
    />
  )
}
