import { LandingEditor } from '../../features/admin-landing'
import { LandingContentPreview } from '../../features/landing/preview'

/** `/admin/landing`: the editor, with the landing's own sections as its live preview. */
export default function AdminLandingRoute() {
  return <LandingEditor renderPreview={(content, productName) => <LandingContentPreview content={content} productName={productName} />} />
}
