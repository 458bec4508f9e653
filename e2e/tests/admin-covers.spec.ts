import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { COVER_MSG, type AdminAudio, type FieldList } from '@sintonia/contract'
import { adminBrowserPage, createAdmin } from '../support/accounts'
import { gradientPng } from '../support/png'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { screenshotAt, screenshotBoth, toastsGoneBeforePicture } from '../support/screenshots'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Covers (docs/product/admin.md › Fields): an admin sends a real PNG as a field's cover in "Editar
 * campo", sees it in the dialog and in the list, visitors see it on the landing and a subscriber on
 * the dashboard; an image below 480 × 480 is refused with the server's pt-BR message while the cover
 * stays; removing it brings the generated art back everywhere. An audio's and a programme's covers go
 * through their own editors. Screenshots at 360 and 1280 px go to e2e/.artifacts/screenshots.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `ouvinte-capas-${stamp}@exemplo.com`, sessionId: `cs_e2e_capas_${stamp}` }
const ADMIN = { email: `admin-capas-${stamp}@exemplo.com`, password: 'senha-admin-capas-1' }
const PROGRAM = { title: `Capa em Três Dias ${stamp}`, slug: `capa-tres-dias-${stamp}`, days: 3, repetitions: 1 }
/** What an uploaded cover's image is served as (the 480 px width by default, srcset for the rest). */
const COVER_SRC = /^\/api\/covers\/[0-9a-f-]{36}-480\.webp$/

let server: PreparedServer
let images: string
let cover: string
let tooSmall: string

/** A real PNG: a violet-to-gold gradient of `size` pixels. */
function png(name: string, size: number): string {
  const file = join(images, name)
  writeFileSync(file, gradientPng(size, [0x6b, 0x5b, 0xd6], [0xf5, 0xc1, 0x6c]))
  return file
}

test.beforeAll(async () => {
  images = mkdtempSync(join(tmpdir(), 'sintonia-e2e-capas-'))
  cover = png('capa-600.png', 600)
  tooSmall = png('capa-100.png', 100)
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }], practicePrograms: [PROGRAM] })
  await createAdmin(ADMIN.email, ADMIN.password, server.dataDir)
})
test.afterAll(async () => {
  await server?.stop()
  if (images) rmSync(images, { recursive: true, force: true })
})

function adminPage(browser: Browser): Promise<Page> {
  return adminBrowserPage(browser, server.baseURL, ADMIN)
}

/** Chooses `file` through "Enviar imagem", as a person does (the system's file chooser). */
async function sendImage(page: Page, editor: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser')
  await editor.getByRole('button', { name: 'Enviar imagem' }).click()
  await (await chooser).setFiles(file)
}

/** The uploaded image shown (and really drawn) in `scope`. */
async function expectCoverShown(scope: Locator) {
  const image = scope.locator('img')
  await expect(image).toHaveCount(1)
  await expect(image).toHaveAttribute('src', COVER_SRC)
  // Covers load lazily, when they near the screen.
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

async function adminSection(page: Page, name: 'Campos' | 'Áudios' | 'Programas') {
  await page.getByRole('navigation', { name: 'Seções da administração' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

test("an admin sends a field's cover; visitors and subscribers see it; a too small image is refused; removing it brings the art back", async ({ browser }) => {
  test.setTimeout(180_000)
  const admin = await adminPage(browser)
  const { fields } = (await (await admin.request.get('/api/public/fields')).json()) as FieldList
  const field = fields[0]!
  expect(field.coverImage).toBeNull()

  await adminSection(admin, 'Campos')
  // A new field has no id yet: its cover comes after it is created.
  await admin.getByRole('button', { name: 'Novo campo' }).click()
  const creating = admin.getByRole('dialog', { name: 'Novo campo' })
  await expect(creating.getByText(/^Salve o campo para escolher a capa\./)).toBeVisible()
  await expect(creating.getByRole('button', { name: 'Enviar imagem' })).toHaveCount(0)
  await creating.getByRole('button', { name: 'Cancelar' }).click()
  await expect(creating).toHaveCount(0)

  const row = admin.getByTestId('field-row').filter({ hasText: field.title })
  await expect(row.locator('img')).toHaveCount(0)
  await row.getByRole('button', { name: `Editar ${field.title}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Editar campo' })
  const editor = dialog.getByRole('group', { name: 'Capa' })
  await expect(editor.getByText('JPEG, PNG ou WebP, quadrada, com pelo menos 480 × 480 pixels.')).toBeVisible()
  const preview = editor.getByTestId('cover-preview')
  await expect(preview).toHaveAccessibleName('Arte gerada (sem capa enviada)')
  await expect(preview.locator('img')).toHaveCount(0)
  await expect(editor.getByRole('button', { name: 'Remover capa' })).toHaveCount(0)

  // A real 600 × 600 PNG: kept, shown in the dialog at once.
  await sendImage(admin, editor, cover)
  await expect(admin.getByText(COVER_MSG.saved)).toBeVisible()
  await expect(preview).toHaveAccessibleName('Capa enviada')
  await expectCoverShown(preview)
  await expect(editor.getByRole('button', { name: 'Remover capa' })).toBeVisible()
  await expect(editor.getByRole('alert')).toHaveCount(0)
  await toastsGoneBeforePicture(admin)
  await screenshotBoth(admin, 'admin-capa-campo')

  // 100 × 100: the server's pt-BR refusal, inline; the cover sent before stays.
  const before = await preview.locator('img').getAttribute('src')
  await sendImage(admin, editor, tooSmall)
  const refusal = editor.getByRole('alert')
  await expect(refusal).toHaveText(COVER_MSG.tooSmall(100, 100))
  await expect(preview.locator('img')).toHaveAttribute('src', before!)
  await toastsGoneBeforePicture(admin)
  await screenshotBoth(admin, 'admin-capa-campo-erro')

  // The list shows it too, and nothing sticks out at 360 px.
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toHaveCount(0)
  await expectCoverShown(row)
  await screenshotAt(admin, 'admin-capa-campos-lista', 360)

  // Visitors on the landing.
  const visitorContext = await browser.newContext({ baseURL: server.baseURL })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/')
  const card = visitor.getByTestId('field-card').filter({ hasText: field.title })
  await card.scrollIntoViewIfNeeded()
  await expectCoverShown(card)

  // A subscriber on the dashboard.
  const listenerContext = await browser.newContext({ baseURL: server.baseURL })
  const listener = await listenerContext.newPage()
  await onboardPaidBuyer(listener, server.baseURL, checkout, 'senha-do-ouvinte-capas')
  const dashboardCard = listener.locator(`a[href="/campo/${field.id}"]`)
  await expectCoverShown(dashboardCard)

  // Removing it: the generated art again, in the dialog, the list, the landing and the dashboard.
  await row.getByRole('button', { name: `Editar ${field.title}` }).click()
  await expect(preview).toHaveAccessibleName('Capa enviada')
  await editor.getByRole('button', { name: 'Remover capa' }).click()
  await expect(admin.getByText(COVER_MSG.removed)).toBeVisible()
  await expect(preview).toHaveAccessibleName('Arte gerada (sem capa enviada)')
  await expect(preview.locator('img')).toHaveCount(0)
  await expect(editor.getByRole('button', { name: 'Enviar imagem' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(row.locator('img')).toHaveCount(0)
  await visitor.reload()
  await expect(card.getByRole('heading', { name: field.title })).toBeVisible()
  await expect(card.locator('img')).toHaveCount(0)
  await listener.reload()
  await expect(dashboardCard.getByRole('heading', { name: field.title })).toBeVisible()
  await expect(dashboardCard.locator('img')).toHaveCount(0)

  await visitorContext.close()
  await listenerContext.close()
  await admin.context().close()
})

test("an audio's cover is sent from 'Editar áudio' and a programme's from its editor; both lists show them", async ({ browser }) => {
  test.setTimeout(120_000)
  const admin = await adminPage(browser)

  // An audio: its dialog, then its row in the table.
  await adminSection(admin, 'Áudios')
  const { audios } = (await (await admin.request.get('/api/admin/audios')).json()) as { audios: AdminAudio[] }
  const { title } = audios[0]!
  const row = admin.getByTestId('audio-row').filter({ hasText: title }).first()
  await expect(row.locator('img')).toHaveCount(0)
  await row.getByRole('button', { name: `Editar ${title}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Editar áudio' })
  const audioEditor = dialog.getByRole('group', { name: 'Capa' })
  await sendImage(admin, audioEditor, cover)
  await expect(admin.getByText(COVER_MSG.saved)).toBeVisible()
  await expectCoverShown(audioEditor.getByTestId('cover-preview'))
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expectCoverShown(row)
  await toastsGoneBeforePicture(admin)
  // From 768 px a table, below it cards: the thumbnail fits beside the title and the actions.
  await screenshotAt(admin, 'admin-capa-audios-lista', 1280)
  await screenshotAt(admin, 'admin-capa-audios-lista', 360)

  // A programme: the editor's "Sobre o programa", then the list.
  await admin.setViewportSize({ width: 1280, height: 900 })
  await adminSection(admin, 'Programas')
  await admin.getByRole('link', { name: `Editar ${PROGRAM.title}` }).click()
  await expect(admin.getByRole('heading', { level: 1, name: PROGRAM.title })).toBeVisible()
  const programEditor = admin.getByRole('group', { name: 'Capa' })
  await expect(programEditor.getByTestId('cover-preview')).toHaveAccessibleName('Arte gerada (sem capa enviada)')
  await sendImage(admin, programEditor, cover)
  await expect(admin.getByText(COVER_MSG.saved)).toBeVisible()
  await expectCoverShown(programEditor.getByTestId('cover-preview'))
  // Sending a cover is not an unsaved change of the programme.
  await expect(admin.getByText('Tudo salvo.')).toBeVisible()
  await toastsGoneBeforePicture(admin)
  await screenshotAt(admin, 'admin-capa-programa-editor', 360)
  await admin.getByRole('link', { name: 'Todos os programas' }).click()
  await expectCoverShown(admin.getByTestId('program-row').filter({ hasText: PROGRAM.title }))
  await toastsGoneBeforePicture(admin)
  await screenshotAt(admin, 'admin-capa-programas-lista', 360)

  await admin.context().close()
})
