import { Fragment } from 'react'
import { cn } from '../../lib/cn'

/** The address cut where a line may break: after "@" and before each ".". */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean)
}

/**
 * An e-mail address that wraps only where a reader expects it to: after the "@" and before a "."
 * (and after a "-", as the browser already does), never in the middle of a word. The whole address
 * stays in the title, so a narrow column never hides any of it.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <span title={email} className={cn('break-normal', className)}>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
