import { expect, test } from '@playwright/test'
import type { Audio, FieldList, Playlist } from '@sintonia/contract'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { formatViolations, seriousAxeViolations } from '../support/axe'
import { onboardPaidBuyer } from '../support/subscriber'
import { screenshotBoth } from '../support/screenshots'

test.describe.configure({ mode: 'serial' })

const checkout = { email: `painel-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_painel_${Date.now().toString(36)}` }
/** The quarterly period the provider reported: the plan renews on this day. */
const periodEnd = new Date(Date.now() + 90 * 86_400_000)
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'trimestral', currentPeriodEnd: periodEnd.toISOString() }] })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a subscriber sees the fields, searches without accents, creates a playlist and plays it', async ({ page }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-do-painel')

  // The six seeded fields, each a link to its page.
  const { fields } = (await (await page.request.get(`${server.baseURL}/api/fields`)).json()) as FieldList
  expect(fields).toHaveLength(6)
  const grid = page.getByRole('region', { name: 'Campos' })
  await expect(grid.getByRole('link')).toHaveCount(6)
  for (const field of fields) await expect(grid.getByRole('link', { name: new RegExp(field.title) })).toBeVisible()
  // The access card tells the truth: a quarterly plan that renews, not a lifetime access.
  const renewsOn = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(periodEnd)
  await expect(page.getByTestId('access-stat')).toHaveText(`TrimestralRenova em ${renewsOn}`)
  await expect(page.getByText(/vitalício/)).toHaveCount(0)
  let violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])

  // "audio" (no accent) finds the accented titles, grouped under 'Áudios'.
  const search = page.getByRole('combobox')
  await search.fill('audio')
  const audiosGroup = page.getByRole('group', { name: 'Áudios' })
  await expect(audiosGroup.getByRole('option').first()).toContainText(/Áudio/)
  await search.press('ArrowDown')
  await expect(search).toHaveAttribute('aria-activedescendant', /option/)
  violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await search.press('Escape')
  await expect(search).toHaveAttribute('aria-expanded', 'false')
  await search.fill('')

  // Create a playlist; it is kept on the server.
  await page.getByRole('button', { name: 'Nova playlist' }).click()
  await page.getByLabel('Nome').fill('Minhas manhãs')
  await page.getByRole('button', { name: 'Criar playlist' }).click()
  const playlists = page.getByRole('region', { name: 'Minhas playlists' })
  await expect(playlists.getByRole('heading', { name: 'Minhas manhãs' })).toBeVisible()
  await expect(playlists.getByRole('button', { name: 'Playlist Vazia' })).toBeDisabled()
  await expect
    .poll(async () => ((await (await page.request.get(`${server.baseURL}/api/playlists`)).json()) as { playlists: Playlist[] }).playlists.length)
    .toBe(1)

  // Two audios go in (the field/player favourite buttons use the same endpoint), then it plays.
  const { playlists: stored } = (await (await page.request.get(`${server.baseURL}/api/playlists`)).json()) as { playlists: Playlist[] }
  const playlistId = stored[0]!.id
  const { audios } = (await (await page.request.get(`${server.baseURL}/api/fields/${fields[0]!.id}/audios`)).json()) as { audios: Audio[] }
  const chosen = audios.slice(0, 2)
  for (const audio of chosen) {
    const status = await page.evaluate(
      async ({ path, audioId }) =>
        (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ audioId }) })).status,
      { path: `/api/playlists/${playlistId}/audios`, audioId: audio.id },
    )
    expect(status).toBeLessThan(300)
  }
  await page.reload()
  await page.getByRole('button', { name: 'Atualizar' }).click()
  await expect(page.getByText('Dados atualizados com sucesso')).toBeVisible()
  await expect(playlists.getByText('Últimos áudios')).toBeVisible()
  await playlists.getByRole('button', { name: 'Opções da playlist Minhas manhãs' }).click()
  await page.getByRole('menuitem', { name: 'Editar' }).click()
  await page.getByRole('tab', { name: 'Áudios (2)' }).click()
  await expect(page.getByRole('button', { name: `Remover “${chosen[1]!.title}”` })).toBeVisible()
  violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await page.getByRole('button', { name: 'Concluir' }).click()
  await playlists.getByRole('button', { name: 'Tocar playlist Minhas manhãs' }).click()
  await expect(page).toHaveURL(new RegExp(`/audio/${chosen[0]!.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen[0]!.title)
  await expect(page.getByRole('link', { name: /Ver Playlists/ })).toBeVisible()

  // The playlist plays in its order: 1 of 2, then Próximo to the second, which is the last.
  await expect(page.getByTestId('audio-position')).toContainText('Áudio 1 de 2')
  await expect(page.getByText('Total na Playlist')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Anterior/ })).toBeDisabled()
  await page.getByRole('button', { name: /^Próximo/ }).first().click()
  await expect(page).toHaveURL(new RegExp(`/audio/${chosen[1]!.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen[1]!.title)
  await expect(page.getByTestId('audio-position')).toContainText('Áudio 2 de 2')
  await expect(page.getByRole('button', { name: /^Próximo/ }).first()).toBeDisabled()
  await page.getByRole('button', { name: /^Anterior/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen[0]!.title)

  // "Continuar ouvindo": what was heard last comes first, under today's practice and above the fields.
  // The player above may already have recorded plays of both audios (autoplay), stamped when they
  // started; the first audio is stamped now, after them, so the order does not depend on which of
  // those plays a slow run got to record.
  const heard = [
    { audio: chosen[1]!, at: new Date(Date.now() - 60_000) },
    { audio: chosen[0]!, at: new Date() },
  ]
  const recorded = await page.evaluate(
    async (events) => (await fetch('/api/listening/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) })).status,
    heard.map(({ audio, at }) => ({ id: crypto.randomUUID(), audioId: audio.id, kind: 'repetition', occurredAt: at.toISOString() })),
  )
  expect(recorded).toBe(200)
  await page.goto(`${server.baseURL}/dashboard`)
  const continueRow = page.getByRole('region', { name: 'Continuar ouvindo' })
  await expect(continueRow.getByRole('link').first()).toHaveAccessibleName(new RegExp(`^Ouvir ${chosen[0]!.title}\\s*${fields[0]!.title}`))
  await expect(continueRow.getByRole('link').nth(1)).toHaveAccessibleName(new RegExp(`^Ouvir ${chosen[1]!.title}\\s*${fields[0]!.title}`))
  const top = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!.y
  const todayTop = (await page.getByTestId('today-card').boundingBox())!.y
  expect(todayTop).toBeLessThan(await top('Continuar ouvindo'))
  expect(await top('Continuar ouvindo')).toBeLessThan(await top('Campos'))
  await screenshotBoth(page, 'painel-continuar-ouvindo')
  violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await continueRow.getByRole('link').nth(1).click()
  await expect(page).toHaveURL(new RegExp(`/campo/${fields[0]!.id}/audio/${chosen[1]!.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen[1]!.title)
})
