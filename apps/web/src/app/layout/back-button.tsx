import { ArrowLeft } from 'lucide-react'
import { useLocation, useNavigate } from '../../lib/navigation'
import { Button } from '../../components/ui/button'

/** History back; when the page was opened directly (no history in this app), go home. */
export function BackButton() {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => (location.key === 'default' ? navigate('/') : navigate(-1))}
    >
      <ArrowLeft aria-hidden="true" />
      Voltar
    </Button>
  )
}
