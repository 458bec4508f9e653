import { describe, expect, it } from 'vitest'
import { TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MSG, hasHtmlTag, normaliseTranscript, transcriptInputSchema, transcriptParagraphs } from './transcript.js'

describe('normaliseTranscript', () => {
  it('turns every kind of line break into one LF and keeps at most one blank line between paragraphs', () => {
    expect(normaliseTranscript('Inspire.\r\nSolte.\rDescanse.\u2028Fim.')).toBe('Inspire.\nSolte.\nDescanse.\nFim.')
    expect(normaliseTranscript('Um.\r\n\r\n\r\n\r\nDois.\n \n\t\nTrês.')).toBe('Um.\n\nDois.\n\nTrês.')
  })

  it('drops invisible control characters and tidies spaces, keeping accents and emoji', () => {
    expect(normaliseTranscript('\uFEFF  Respire\u0007 fundo\u200B,\tcom\u00A0\u00A0calma.  \u202Eagora\u202C 🌿 ')).toBe('Respire fundo, com calma. agora 🌿')
    expect(normaliseTranscript('\u0000\u001F\u007F\u0085')).toBe('')
  })

  it('is idempotent: the stored form normalises to itself', () => {
    const samples = ['  A\r\n\r\n\r\nB \u0001 c\t\td\n\n\n', 'x\u2029\u2029\u2029y', 'só texto']
    for (const sample of samples) expect(normaliseTranscript(normaliseTranscript(sample))).toBe(normaliseTranscript(sample))
  })
})

describe('transcriptParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(transcriptParagraphs('Eu escolho estar presente.\nEu mereço este momento.\n\n\nRespire.\r\n\r\nFim.')).toEqual([
      'Eu escolho estar presente.\nEu mereço este momento.',
      'Respire.',
      'Fim.',
    ])
  })

  it('gives no paragraph for an empty or blank text', () => {
    expect(transcriptParagraphs('')).toEqual([])
    expect(transcriptParagraphs(' \n\n\t ')).toEqual([])
  })
})

describe('transcriptInputSchema', () => {
  it('answers the normalised text', () => {
    expect(transcriptInputSchema.parse('  Olá.\r\n\r\n\r\nTchau.  ')).toBe('Olá.\n\nTchau.')
  })

  it(`refuses more than ${TRANSCRIPT_MAX_CHARS} characters once normalised, in pt-BR`, () => {
    expect(transcriptInputSchema.safeParse('a'.repeat(TRANSCRIPT_MAX_CHARS)).success).toBe(true)
    const long = transcriptInputSchema.safeParse('a'.repeat(TRANSCRIPT_MAX_CHARS + 1))
    expect(long.success ? null : long.error.issues[0]!.message).toBe('A transcrição deve ter no máximo 20.000 caracteres')
    // CRLF line ends count once normalised.
    expect(transcriptInputSchema.safeParse('ab\r\n'.repeat(6000)).success).toBe(true)
  })

  it('refuses HTML tags, also ones hidden by control characters, and accepts text that only looks like one', () => {
    for (const html of ['<p>Olá</p>', 'Respire <br/> fundo', '<script>alert(1)</script>', '<scr\u0007ipt>', '<!-- nota -->', '<img src=x onerror=alert(1)>']) {
      const parsed = transcriptInputSchema.safeParse(html)
      expect(parsed.success ? null : parsed.error.issues[0]!.message, html).toBe(TRANSCRIPT_MSG.html)
    }
    for (const text of ['a < b e c > d', 'Eu <3 você', '2 <= 3', 'seta -> aqui']) expect(hasHtmlTag(text), text).toBe(false)
  })

  it('refuses anything but a string', () => {
    const parsed = transcriptInputSchema.safeParse(42)
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(TRANSCRIPT_MSG.notText)
  })
})
