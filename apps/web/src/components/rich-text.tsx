import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
}

/**
 * Turns admin-written rich text into plain paragraphs. Markup, if any, is reduced to its text
 * (block ends and <br> become line breaks); the result is rendered as React text, never as HTML
 * (RichText then draws the markdown emphasis, renderEmphasis).
 */
export function toParagraphs(text: string | null | undefined): string[] {
  if (!text) return []
  const plain = text
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (entity) => ENTITIES[entity] ?? entity)
  return plain
    .split(/\n[ \t]*\n+/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
}

/**
 * `**negrito**` (which may hold `*itálico*`) and `*itálico*`, on one line, as markdown reads them:
 * no space just inside the asterisks, so '2 * 3 = 6' stays as written.
 */
const ITALIC = /\*(?![\s*])([^*\n]+?)(?<!\s)\*/g
const EMPHASIS = /\*\*(?!\s)([^\n]+?)(?<!\s)\*\*|\*(?![\s*])([^*\n]+?)(?<!\s)\*/g

/**
 * The emphasis the landing editor promises ("Aceita **negrito** e *itálico*."), as React elements:
 * `<strong>` and `<em>` around text nodes, nothing else — no HTML is ever read from the text.
 * Unpaired asterisks stay as written.
 */
export function renderEmphasis(text: string, italicOnly = false): ReactNode[] {
  const nodes: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(italicOnly ? ITALIC : EMPHASIS)) {
    const [whole, first, second] = match
    const bold = !italicOnly && first !== undefined
    const inner = (bold ? first : italicOnly ? first : second) ?? ''
    if (match.index > last) nodes.push(text.slice(last, match.index))
    nodes.push(
      bold ? (
        <strong key={match.index} className="font-semibold">
          {renderEmphasis(inner, true)}
        </strong>
      ) : (
        <em key={match.index}>{inner}</em>
      ),
    )
    last = match.index + whole.length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

export interface RichTextProps {
  text: string | null | undefined
  className?: string
  paragraphClassName?: string
}

/** A rich-text field: one <p> per blank-line-separated block, with its **negrito** and *itálico*. */
export function RichText({ text, className, paragraphClassName }: RichTextProps) {
  const paragraphs = toParagraphs(text)
  if (paragraphs.length === 0) return null
  return (
    <div className={cn('space-y-4', className)}>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={cn('whitespace-pre-line', paragraphClassName)}>
          {renderEmphasis(paragraph)}
        </p>
      ))}
    </div>
  )
}
