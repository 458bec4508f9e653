import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { API, type Field } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { FieldList, FieldsPage } from './fields-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const field = (id: string, title: string, displayOrder: number, audioCount = 0): Field => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  description: '',
  iconName: 'Brain',
  displayOrder,
  coverImage: null,
  audioCount,
})
const FIELDS = [field('1', 'Foco', 0, 3), field('2', 'Sono', 1), field('3', 'Calma', 2)]
const titles = () => screen.getAllByTestId('field-row').map((row) => within(row).getByText(/Foco|Sono|Calma|Prosperidade/).textContent)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('FieldList keyboard reorder', () => {
  it('ArrowDown on a handle moves that field one place down; ArrowUp on the first does nothing', () => {
    const onReorder = vi.fn()
    render(<FieldList fields={FIELDS} onReorder={onReorder} onEdit={vi.fn()} onDelete={vi.fn()} />)
    const handle = screen.getByRole('button', { name: /Reordenar Foco/ })
    fireEvent.keyDown(handle, { key: 'ArrowUp' })
    expect(onReorder).not.toHaveBeenCalled()
    fireEvent.keyDown(handle, { key: 'ArrowDown' })
    expect(onReorder).toHaveBeenCalledWith([FIELDS[1], FIELDS[0], FIELDS[2]])
    // Announced to screen readers.
    expect(screen.getByText('Foco agora está na posição 2 de 3').getAttribute('aria-live')).toBe('polite')
  })

  it('a drop moves the dragged field to the drop position', () => {
    const onReorder = vi.fn()
    render(<FieldList fields={FIELDS} onReorder={onReorder} onEdit={vi.fn()} onDelete={vi.fn()} />)
    const rows = screen.getAllByTestId('field-row')
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' }
    fireEvent.dragStart(rows[2]!, { dataTransfer })
    fireEvent.dragOver(rows[0]!, { dataTransfer })
    fireEvent.drop(rows[0]!, { dataTransfer })
    expect(onReorder).toHaveBeenCalledWith([FIELDS[2], FIELDS[0], FIELDS[1]])
  })
})

describe('FieldsPage', () => {
  it('puts the old order back when the server refuses the new one', async () => {
    const order = vi.fn(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'A nova ordem deve conter todos os campos, cada um uma vez.' }, 400))
    vi.stubGlobal('fetch', fetchByPath({ [API.catalogue.admin.fields]: () => jsonResponse({ fields: FIELDS }), [API.catalogue.admin.fieldOrder]: order }))
    renderWithProviders(<FieldsPage />)
    await waitFor(() => expect(titles()).toEqual(['Foco', 'Sono', 'Calma']))
    fireEvent.click(screen.getByRole('button', { name: 'Mover Foco para baixo' }))
    await waitFor(() => expect(order).toHaveBeenCalled())
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível salvar a nova ordem', { description: 'A nova ordem deve conter todos os campos, cada um uma vez.' }))
    expect(titles()).toEqual(['Foco', 'Sono', 'Calma'])
  })

  it('keeps what the admin typed when creating a field fails', async () => {
    const create = vi.fn(() => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }, 503))
    vi.stubGlobal('fetch', fetchByPath({ [API.catalogue.admin.fields]: (_url, init) => (init?.method === 'POST' ? create() : jsonResponse({ fields: FIELDS })) }))
    renderWithProviders(<FieldsPage />)
    await waitFor(() => expect(titles()).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: 'Novo campo' }))
    fireEvent.change(screen.getByLabelText(/Título/), { target: { value: 'Prosperidade' } })
    fireEvent.change(screen.getByLabelText(/Descrição/), { target: { value: 'Abundância e gratidão' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Cifrão' }))
    fireEvent.click(screen.getByRole('button', { name: 'Criar campo' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível salvar o campo', { description: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }))
    expect(create).toHaveBeenCalledTimes(1)
    expect((screen.getByLabelText(/Título/) as HTMLInputElement).value).toBe('Prosperidade')
    expect((screen.getByLabelText(/Descrição/) as HTMLTextAreaElement).value).toBe('Abundância e gratidão')
    expect((screen.getByRole('radio', { name: 'Cifrão' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('button', { name: 'Criar campo' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('checks the form before sending: a blank title is refused in pt-BR and nothing is sent', async () => {
    const create = vi.fn()
    vi.stubGlobal('fetch', fetchByPath({ [API.catalogue.admin.fields]: (_url, init) => (init?.method === 'POST' ? create() : jsonResponse({ fields: FIELDS })) }))
    renderWithProviders(<FieldsPage />)
    await waitFor(() => expect(titles()).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: 'Novo campo' }))
    fireEvent.click(screen.getByRole('button', { name: 'Criar campo' }))
    await screen.findByText('Preencha o campo "Título"')
    expect(create).not.toHaveBeenCalled()
  })

  it('explains instead of deleting a field that has audios', async () => {
    vi.stubGlobal('fetch', fetchByPath({ [API.catalogue.admin.fields]: () => jsonResponse({ fields: FIELDS }) }))
    renderWithProviders(<FieldsPage />)
    await waitFor(() => expect(titles()).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Foco' }))
    await screen.findByText('Este campo tem 3 áudios. Mova ou exclua os áudios antes de excluir o campo.')
    expect(screen.queryByRole('button', { name: 'Excluir campo' })).toBeNull()
  })
})
