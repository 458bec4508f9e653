import { useParams, useSearchParams } from 'react-router'
import { FieldPage } from '../../features/catalogue'
import { DownloadButton } from '../../features/offline'
import { AddToPlaylistButton, FavouriteButton } from '../../features/playlists'
import { useProductName } from '../../lib/product-name'
import { wireSessionDownloads } from '../session-downloads'

// Downloads from this page keep the session of the listener's settings too.
wireSessionDownloads()

/** `/campo/:fieldId` — lazy route under the subscriber guard; each audio card carries the download and favourites buttons. */
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
      renderAudioActions={(audio) => (
        <div className="flex items-center">
          <DownloadButton
            compact
            audio={{ id: audio.id, title: audio.title, fieldId: audio.fieldId, url: audio.url, duration: audio.duration }}
          />
          <FavouriteButton audio={audio} />
          <AddToPlaylistButton audio={audio} />
        </div>
      )}
    />
  )
}
