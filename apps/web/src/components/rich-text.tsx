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
 * (block ends and <br> become line breaks); the result is rendered as React text, never as HTML.
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

export interface RichTextProps {
  text: string | null | undefined
  className?: string
  paragraphClassName?: string
}

/** Plain-text rendering of a rich-text field: one <p> per blank-line-separated block. */
export function RichText({ text, className, paragraphClassName }: RichTextProps) {
  const paragraphs = toParagraphs(text)
  if (paragraphs.length === 0) return null
  return (
    <div className={cn('space-y-4', className)}>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={cn('whitespace-pre-line', paragraphClassName)}>
          {paragraph}
        </p>
      ))}
    </div>
  )
}
