import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, LISTENER_MSG, type Field, type SearchResult } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import type { DashboardSearchOutcome } from '../lib/fields'
import { DashboardPage, type DashboardSearchSlotProps } from './dashboard-page'

const field = (n: number, title: string, description = ''): Field => ({
  id: `6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a000${n}`,
  title,
  description,
  iconName: 'Brain',
  displayOrder: n,
  coverImage: null,
  audioCount: 3,
})
const SELF = field(1, 'Autoestima e Amor-Próprio', 'Práticas para se tratar com gentileza')
const HEALTH = field(2, 'Saúde e Vitalidade')
const CALM = field(3, 'Calma e Sono Tranquilo')
const COURAGE: SearchResult = {
  type: 'audio',
  id: '6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a0101',
  title: 'Coração em Paz',
  fieldId: SELF.id,
  fieldTitle: SELF.title,
  tags: ['calma'],
  duration: '0:12',
  inTranscript: false,
}

/** The dashboard with a search slot the test drives: it types and reports outcomes like the search box. */
function render() {
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.catalogue.fields]: () => jsonResponse({ fields: [SELF, HEALTH, CALM] }) })))
  let slot: DashboardSearchSlotProps | null = null
  function Slot(props: DashboardSearchSlotProps) {
    slot = props
    return <input aria-label="busca" value={props.value} onChange={(e) => props.onValueChange(e.target.value)} />
  }
  renderWithProviders(<DashboardPage productName="Sintonia" renderSearch={(props) => <Slot {...props} />} />)
  const type = (text: string) => fireEvent.change(screen.getByLabelText('busca'), { target: { value: text } })
  const report = (outcome: DashboardSearchOutcome) => act(() => slot?.onResults(outcome))
  const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent)
  return { type, report, titles }
}

describe('DashboardPage search grid', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("shows the field of an audio the search found, naming the audio, instead of 'Nenhum campo encontrado'", async () => {
    const { type, report, titles } = render()
    await screen.findByText(HEALTH.title)
    type('coracao')
    // The server has not answered yet: the grid waits with the dropdown instead of saying nothing matched.
    report({ query: 'coracao', status: 'searching', results: [] })
    screen.getByText(LISTENER_MSG.searching)
    expect(screen.queryByText(/Nenhum campo encontrado/)).toBeNull()

    report({ query: 'coracao', status: 'done', results: [COURAGE] })
    expect(titles()).toEqual([SELF.title])
    expect(screen.getByTestId('field-matched-audios').textContent).toBe('Áudio encontrado: Coração em Paz')
    // The card opens the field with that audio highlighted.
    expect(screen.getByRole('link', { name: new RegExp(SELF.title) }).getAttribute('href')).toBe(`/campo/${SELF.id}?audio=${COURAGE.id}`)
  })

  it('matches field titles and descriptions ignoring accents, case and repeated spaces, before the server answers', async () => {
    const { type, titles } = render()
    await screen.findByText(HEALTH.title)
    type('  SAUDE   e  ')
    expect(titles()).toEqual([HEALTH.title])
    type('gentileza')
    expect(titles()).toEqual([SELF.title])
    expect(screen.queryByTestId('field-matched-audios')).toBeNull()
  })

  it("says 'Nenhum campo encontrado' only when the server found nothing either, or could not answer", async () => {
    const { type, report } = render()
    await screen.findByText(HEALTH.title)
    type('zzz')
    report({ query: 'zzz', status: 'done', results: [] })
    screen.getByText('Nenhum campo encontrado para "zzz"')
    type('yyy')
    report({ query: 'yyy', status: 'error', results: [] })
    screen.getByText('Nenhum campo encontrado para "yyy"')
  })
})
