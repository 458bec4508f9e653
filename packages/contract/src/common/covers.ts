import { z } from 'zod'

/**
 * Covers (docs/product/covers.md): an admin may upload an image for a field, a programme or an
 * audio; the server checks it by content, crops it square and keeps it as WebP in three widths.
 * Items without one show a generated artwork drawn by the web app from their id.
 */

/** The square widths kept of every cover, in pixels; `srcset` offers all three. */
export const COVER_WIDTHS = [240, 480, 960] as const
export type CoverWidth = (typeof COVER_WIDTHS)[number]

/** The smallest side an uploaded image may have: sharp at 240 CSS px on a 2× screen. */
export const COVER_MIN_PIXELS = 480
/** A photo straight from a phone fits; anything larger is not a cover. */
export const COVER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/**
 * The most pixels an uploaded image may declare (50 megapixels: a phone's 48 MP photo fits, 7000 ×
 * 7000 fits). Read from the file's header before anything decodes it: a few hundred KB can declare
 * 16000 × 16000, which a decoder would allocate in full.
 */
export const COVER_MAX_PIXELS = 50_000_000

/** The cover a field, programme or audio carries: its image's id, or null for the generated artwork. */
export const coverImageSchema = z.uuid().nullable()

export const COVER_MSG = {
  type: 'A capa deve ser uma imagem JPEG, PNG ou WebP.',
  tooLarge: 'A imagem da capa deve ter no máximo 10MB.',
  unreadable: 'Não foi possível ler esta imagem. Envie outro arquivo JPEG, PNG ou WebP.',
  tooSmall: (width: number, height: number) =>
    `A capa precisa ter pelo menos ${COVER_MIN_PIXELS} × ${COVER_MIN_PIXELS} pixels (esta tem ${width} × ${height}).`,
  tooManyPixels: (width: number, height: number) =>
    `A imagem da capa é grande demais: ${width} × ${height} pixels. Envie uma imagem de até ${COVER_MAX_PIXELS / 1_000_000} megapixels (por exemplo, 7000 × 7000).`,
  unavailable: 'O envio de capas está indisponível neste servidor no momento. Tente novamente mais tarde.',
  saved: 'Capa atualizada.',
  removed: 'Capa removida. A arte gerada volta a aparecer.',
  notFound: 'Capa não encontrada',
} as const

/** Where one width of a cover is served (public, cached for good: a new image is a new id). */
export function coverPath(imageId: string, width: CoverWidth): string {
  return `/api/covers/${imageId}-${width}.webp`
}

/** The `srcset` of a cover: every kept width. */
export function coverSrcSet(imageId: string): string {
  return COVER_WIDTHS.map((width) => `${coverPath(imageId, width)} ${width}w`).join(', ')
}

/** The file name a cover is served under: `<id>-<width>.webp`. */
export const coverFileSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(240|480|960)\.webp$/, COVER_MSG.notFound),
})

/** What setting or removing a cover answers: the item's cover now. */
export const coverAnswerSchema = z.object({ coverImage: coverImageSchema })
export type CoverAnswer = z.infer<typeof coverAnswerSchema>
