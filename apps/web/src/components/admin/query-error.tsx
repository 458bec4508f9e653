import { Button } from '../ui/button'
import { FormAlert } from '../ui/form'
import { getErrorMessage } from '../../lib/api-client'

/** A failed load on an admin page: the server's pt-BR message and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <FormAlert>
      <p>{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Tentar novamente
      </Button>
    </FormAlert>
  )
}
