import { useParams, useSearchParams } from 'react-router'
import { FieldPage } from '../../features/catalogue'
import { useProductName } from '../../features/landing'
import { FavouriteButton } from '../../features/playlists'

/** `/campo/:fieldId` — lazy route under the subscriber guard; each audio card carries the favourites button. */
export default function FieldRoute() {
  const { fieldId = '' } = useParams()
  const [searchParams] = useSearchParams()
  const productName = useProductName()
  return (
    <FieldPage
      key={fieldId}
      fieldId={fieldId}
      productName={productName}
      highlightAudioId={searchParams.get('audio')}
      renderAudioActions={(audio) => <FavouriteButton audio={audio} />}
    />
  )
}
