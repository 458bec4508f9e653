import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '../../../components/ui/button'
import type { PlaylistAudio } from '@sintonia/contract'
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

interface CreatePlaylistFormProps {
  /** After creating (or cancelling, when there is no `onCancel`). */
  onDone: () => void
  /** 'Cancelar' goes back instead of closing (the chooser of 'Adicionar à playlist'). */
  onCancel?: () => void
  /** What the new playlist starts with (the audio of 'Adicionar à playlist'). */
  audios?: PlaylistAudio[]
}

export function CreatePlaylistForm({ onDone, onCancel = onDone, audios }: CreatePlaylistFormProps) {
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
    void create({ name, description, ...(audios ? { audios } : {}) })
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate>
      <PlaylistInfoFields name={name} description={description} onNameChange={setName} onDescriptionChange={setDescription} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit">Criar playlist</Button>
      </div>
    </form>
  )
}
