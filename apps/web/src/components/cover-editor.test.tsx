import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { COVER_MSG, COVER_UPLOAD_MAX_BYTES, coverPath, type CoverAnswer } from '@sintonia/contract'
import { ApiRequestError } from '../lib/api-client'
import { toast } from '../lib/toast'
import type { UploadProgress } from '../lib/upload-with-progress'
import { CoverEditor, coverFileProblem, type CoverEditorProps } from './cover-editor'

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const ITEM = '00000000-0000-4000-8000-000000000001'
const IMAGE = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'

function image(name = 'capa.png', type = 'image/png', size = 2048): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Imagem da capa'), { target: { files: [file] } })
}

const preview = () => screen.getByTestId('cover-preview')
const shownImage = () => preview().querySelector('img')?.getAttribute('src') ?? null

type Upload = CoverEditorProps['onUpload']
type Remove = CoverEditorProps['onRemove']

function setup(cover: string | null = null, handlers: { onUpload?: Upload; onRemove?: Remove } = {}) {
  const onUpload = vi.fn<Upload>(handlers.onUpload ?? (async () => ({ coverImage: IMAGE })))
  const onRemove = vi.fn<Remove>(handlers.onRemove ?? (async () => ({ coverImage: null })))
  const utils = render(<CoverEditor seed={ITEM} cover={cover} onUpload={onUpload} onRemove={onRemove} />)
  return { ...utils, onUpload, onRemove }
}

afterEach(() => {
  vi.clearAllMocks()
})

describe('coverFileProblem', () => {
  it('takes JPEG, PNG and WebP up to 10MB; refuses other types, larger and empty files in pt-BR', () => {
    expect(coverFileProblem(image('a.jpg', 'image/jpeg'))).toBeNull()
    expect(coverFileProblem(image('a.webp', 'image/webp', COVER_UPLOAD_MAX_BYTES))).toBeNull()
    // A file the system left untyped is judged by its name; the server reads its content anyway.
    expect(coverFileProblem(image('a.webp', ''))).toBeNull()
    expect(coverFileProblem(image('a.gif', 'image/gif'))).toBe(COVER_MSG.type)
    expect(coverFileProblem(image('a.svg', 'image/svg+xml'))).toBe(COVER_MSG.type)
    expect(coverFileProblem(image('a.heic', ''))).toBe(COVER_MSG.type)
    expect(coverFileProblem(image('a.png', 'image/png', COVER_UPLOAD_MAX_BYTES + 1))).toBe(COVER_MSG.tooLarge)
    expect(coverFileProblem(image('a.png', 'image/png', 0))).toBe(COVER_MSG.unreadable)
  })
})

describe('CoverEditor', () => {
  it('without a cover shows the generated art, the hint and no "Remover capa"', () => {
    setup()
    expect(screen.getByRole('group', { name: 'Capa' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Arte gerada (sem capa enviada)' })).toBeTruthy()
    expect(shownImage()).toBeNull()
    expect(screen.getByText('JPEG, PNG ou WebP, quadrada, com pelo menos 480 × 480 pixels.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Remover capa' })).toBeNull()
    expect(screen.getByLabelText('Imagem da capa').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp')
  })

  it('refuses another type and a file over 10MB before sending anything, inline', () => {
    const { onUpload } = setup()
    choose(image('capa.gif', 'image/gif'))
    expect(screen.getByRole('alert').textContent).toBe(COVER_MSG.type)
    choose(image('foto.jpg', 'image/jpeg', COVER_UPLOAD_MAX_BYTES + 1))
    expect(screen.getByRole('alert').textContent).toBe(COVER_MSG.tooLarge)
    expect(screen.getByRole('button', { name: 'Enviar imagem' }).getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(onUpload).not.toHaveBeenCalled()
  })

  it('sends the image with its progress, then shows it, says so and offers to remove it', async () => {
    let report: (progress: UploadProgress) => void = () => undefined
    let finish: (answer: CoverAnswer) => void = () => undefined
    const onUpload = vi.fn((_file: File, onProgress: (progress: UploadProgress) => void) => {
      report = onProgress
      return new Promise<CoverAnswer>((resolve) => (finish = resolve))
    })
    setup(null, { onUpload })
    const file = image()
    choose(file)
    expect(onUpload).toHaveBeenCalledWith(file, expect.any(Function))
    const bar = await screen.findByRole('progressbar', { name: 'Enviando capa' })
    report({ loaded: 1024, total: 2048, percent: 50 })
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'))
    expect((screen.getByRole('button', { name: /Enviando/ }) as HTMLButtonElement).disabled).toBe(true)

    finish({ coverImage: IMAGE })
    await waitFor(() => expect(shownImage()).toBe(coverPath(IMAGE, 480)))
    expect(preview().querySelector('img')?.getAttribute('srcset')).toContain(`${coverPath(IMAGE, 960)} 960w`)
    expect(screen.getByRole('img', { name: 'Capa enviada' })).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(toast.success).toHaveBeenCalledWith(COVER_MSG.saved)
    expect(screen.getByRole('button', { name: 'Remover capa' })).toBeTruthy()
  })

  it("shows the server's pt-BR refusal inline and keeps the current cover", async () => {
    const tooSmall = COVER_MSG.tooSmall(100, 100)
    const onUpload = vi.fn(() => Promise.reject(new ApiRequestError(400, tooSmall)))
    setup(IMAGE, { onUpload })
    choose(image('pequena.png'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('A capa precisa ter pelo menos 480 × 480 pixels (esta tem 100 × 100).')
    expect(shownImage()).toBe(coverPath(IMAGE, 480))
    expect(toast.success).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'Enviar imagem' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('says when the server cannot take covers right now (503)', async () => {
    setup(null, { onUpload: vi.fn(() => Promise.reject(new ApiRequestError(503, COVER_MSG.unavailable))) })
    choose(image())
    expect((await screen.findByRole('alert')).textContent).toBe(COVER_MSG.unavailable)
  })

  it('removes the cover: the generated art comes back and the focus stays on the editor', async () => {
    const { onRemove } = setup(IMAGE)
    fireEvent.click(screen.getByRole('button', { name: 'Remover capa' }))
    await waitFor(() => expect(shownImage()).toBeNull())
    expect(onRemove).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('img', { name: 'Arte gerada (sem capa enviada)' })).toBeTruthy()
    expect(toast.success).toHaveBeenCalledWith(COVER_MSG.removed)
    expect(screen.queryByRole('button', { name: 'Remover capa' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar imagem' })))
  })

  it('a failed removal keeps the image and says why', async () => {
    setup(IMAGE, { onRemove: vi.fn(() => Promise.reject(new ApiRequestError(404, 'Campo não encontrado'))) })
    fireEvent.click(screen.getByRole('button', { name: 'Remover capa' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Campo não encontrado')
    expect(shownImage()).toBe(coverPath(IMAGE, 480))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remover capa' })))
  })

  it('gives the focus back after sending, unless the admin moved on meanwhile', async () => {
    let finish: (answer: CoverAnswer) => void = () => undefined
    const onUpload = vi.fn(() => new Promise<CoverAnswer>((resolve) => (finish = resolve)))
    render(
      <>
        <input aria-label="Título" />
        <CoverEditor seed={ITEM} cover={null} onUpload={onUpload} onRemove={vi.fn<Remove>()} />
      </>,
    )
    screen.getByRole('button', { name: 'Enviar imagem' }).focus()
    choose(image())
    finish({ coverImage: IMAGE })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remover capa' })).toBeTruthy())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar imagem' }))

    choose(image('outra.png'))
    screen.getByLabelText('Título').focus()
    finish({ coverImage: OTHER })
    await waitFor(() => expect(shownImage()).toBe(coverPath(OTHER, 480)))
    expect(document.activeElement).toBe(screen.getByLabelText('Título'))
  })

  it('follows a cover changed elsewhere (another admin, a refetch)', () => {
    const onUpload = vi.fn<Upload>()
    const onRemove = vi.fn<Remove>()
    const { rerender } = render(<CoverEditor seed={ITEM} cover={null} onUpload={onUpload} onRemove={onRemove} />)
    rerender(<CoverEditor seed={ITEM} cover={OTHER} onUpload={onUpload} onRemove={onRemove} />)
    expect(shownImage()).toBe(coverPath(OTHER, 480))
  })
})
