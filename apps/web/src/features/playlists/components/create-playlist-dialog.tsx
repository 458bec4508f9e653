import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '../../../components/ui/button'
import { usePlaylistActions } from '../api/playlists'
import { playlistNameProblem } from '../lib/name-rules'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { PlaylistInfoFields } from './playlist-info-fields'

interface CreatePlaylistDialogProps {
  open: boolean
  onClose: () => void
}

export function CreatePlaylistDialog({ open, onClose }: CreatePlaylistDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Nova playlist" description="Junte seus áudios preferidos para ouvir em sequência.">
      {open ? <CreatePlaylistForm onDone={onClose} /> : null}
    </ModalDialog>
  )
}

function CreatePlaylistForm({ onDone }: { onDone: () => void }) {
  const { create } = usePlaylistActions()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = playlistNameProblem(name)
    if (problem) {
      toast.error(problem.title, { description: problem.description })
      return
    }
    void create({ name, description })
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate>
      <PlaylistInfoFields name={name} description={description} onNameChange={setName} onDescriptionChange={setDescription} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit">Criar playlist</Button>
      </div>
    </form>
  )
}
