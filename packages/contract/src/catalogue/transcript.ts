/**
 * An audio's transcript (docs/product/listening.md#transcript, docs/product/admin.md#audios-adminaudios):
 * the text of what the audio says, as plain text with paragraphs. The rule lives here once: the
 * admin's form checks it before sending, the API checks it again and stores what it returns, and
 * the player and the demo split the stored text into paragraphs with transcriptParagraphs.
 *
 * Plain text only. A transcript is shown as React text (never as HTML), so markup would be
 * harmless on screen, but it would show as literal tags and be found by the search: a text with an
 * HTML tag is refused, with a message that says so, rather than silently changed. What is changed,
 * every time, so the stored text is always in one form (normaliseTranscript is idempotent):
 * - line breaks: CRLF, CR and the Unicode line/paragraph separators become one LF;
 * - tabs and runs of spaces (no-break spaces included) become one space; each line is trimmed;
 * - invisible control characters are dropped (C0 and C1 controls but LF, zero-width spaces, the
 *   byte-order mark and bidirectional overrides);
 * - more than one blank line between paragraphs becomes one; the text is trimmed.
 * A paragraph is what lies between blank lines; a single line break inside one is kept (a list of
 * affirmations, one a line).
 */
import { z } from 'zod'

/** At most 20,000 characters once normalised: about 3,300 words, some 25 minutes of calm speech (the longest practice is 20). */
export const TRANSCRIPT_MAX_CHARS = 20_000

const thousands = new Intl.NumberFormat('pt-BR')

export const TRANSCRIPT_MSG = {
  label: 'Transcrição',
  notText: 'A transcrição deve ser um texto',
  tooLong: `A transcrição deve ter no máximo ${thousands.format(TRANSCRIPT_MAX_CHARS)} caracteres`,
  html: 'A transcrição é só texto: retire as marcações HTML (como <p> ou <br>)',
  /** The admin form's counter: '1.234 de 20.000 caracteres'. */
  count: (chars: number) => `${thousands.format(chars)} de ${thousands.format(TRANSCRIPT_MAX_CHARS)} caracteres`,
  /** The search result's reason when only the transcript holds the words. */
  matchedInTranscript: 'Na transcrição',
  open: 'Transcrição',
  close: 'Fechar',
  loading: 'Carregando a transcrição...',
  loadError: 'Não foi possível carregar a transcrição. Verifique sua conexão e tente novamente.',
} as const

/** Characters no transcript keeps: C0/C1 controls except LF (tabs become spaces first), zero-width spaces, BOM, bidi overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g
/** An opening, closing or self-closing HTML tag, a comment or a doctype ('a < b' and '<3' are text). */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<!doctype/i

/** The stored form of a transcript (see the rules above). Idempotent. */
export function normaliseTranscript(raw: string): string {
  return raw
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** True when the text holds something that reads as an HTML tag. */
export function hasHtmlTag(text: string): boolean {
  return HTML_TAG.test(text)
}

/** The paragraphs of a stored (or any) transcript, in order; none for an empty one. */
export function transcriptParagraphs(text: string): string[] {
  const normalised = normaliseTranscript(text)
  return normalised === '' ? [] : normalised.split('\n\n')
}

/**
 * What an admin sends as a transcript ('' removes it). Before normalising, the text may be up to
 * twice the limit (a paste with CRLF line ends or wide margins); after, at most TRANSCRIPT_MAX_CHARS.
 */
export const transcriptInputSchema = z
  .string({ error: TRANSCRIPT_MSG.notText })
  .max(TRANSCRIPT_MAX_CHARS * 2, { error: TRANSCRIPT_MSG.tooLong })
  .transform(normaliseTranscript)
  .pipe(
    z
      .string()
      .max(TRANSCRIPT_MAX_CHARS, { error: TRANSCRIPT_MSG.tooLong })
      .refine((text) => !hasHtmlTag(text), { error: TRANSCRIPT_MSG.html }),
  )

/** GET /api/audios/:audioId/transcript — the stored text, or null when the audio has none. */
export const audioTranscriptSchema = z.object({ transcript: z.string().nullable() })
export type AudioTranscript = z.infer<typeof audioTranscriptSchema>
