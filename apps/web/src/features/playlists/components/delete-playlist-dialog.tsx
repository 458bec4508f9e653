import type { Playlist } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { usePlaylistActions } from '../api/playlists'
import { ModalDialog } from '../../../components/ui/modal-dialog'

interface DeletePlaylistDialogProps {
  playlist: Playlist | null
  onClose: () => void
}

export function DeletePlaylistDialog({ playlist, onClose }: DeletePlaylistDialogProps) {
  const { remove } = usePlaylistActions()
  return (
    <ModalDialog
      open={playlist !== null}
      onClose={onClose}
      title="Excluir playlist?"
      description={
        playlist ? (
          <>
            A playlist <strong className="font-semibold text-ink">“{playlist.name}”</strong> será excluída. Os áudios continuam
            disponíveis nos seus campos.
          </>
        ) : null
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} data-autofocus>
          Cancelar
        </Button>
        <Button
          className="bg-red-600 shadow-none hover:bg-red-700 focus-visible:outline-red-600"
          onClick={() => {
            if (playlist) void remove(playlist.id)
            onClose()
          }}
        >
          Excluir
        </Button>
      </div>
    </ModalDialog>
  )
}
