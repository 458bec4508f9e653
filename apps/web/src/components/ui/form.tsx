import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref, type RefObject, type SelectHTMLAttributes } from 'react'
import { ChevronDown, CircleAlert, CircleCheck, Eye, EyeOff } from 'lucide-react'
import { Button, type ButtonProps } from './button'
import { Spinner } from './spinner'
import { cn } from '../../lib/cn'

/** Form controls shared by every form of the app (sign-in, lead capture, playlists, admin). */
const control =
  'block h-12 w-full rounded-xl border border-line bg-card px-4 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200 ' +
  'placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:shadow-[0_0_0_4px_rgb(220_38_38/0.12)] disabled:cursor-not-allowed disabled:bg-muted ' +
  'read-only:bg-tint/60 read-only:text-ink-muted'

export interface FormFieldProps {
  id: string
  label: string
  /** Shown after the label: '*' for required (explained once above the form) or '(opcional)'. */
  requirement?: 'required' | 'optional'
  /** Extra content on the label row (e.g. a 'forgot password' link). */
  aside?: ReactNode
  hint?: string
  error?: string | null
  children: ReactNode
  className?: string
}

/** Label, control, hint and error of one field; ids follow `${id}-hint` / `${id}-error`. */
export function FormField({ id, label, requirement, aside, hint, error, children, className }: FormFieldProps) {
  return (
    <div data-form-field="" className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-[0.95rem] font-semibold text-ink">
          {label}
          {requirement === 'required' ? (
            <span aria-hidden="true" className="ml-0.5 text-accent">
              *
            </span>
          ) : null}
          {requirement === 'optional' ? <span className="ml-1.5 text-sm font-normal text-ink-muted">(opcional)</span> : null}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** aria-describedby for a field's hint or error. */
export function describedBy(id: string, { hint, error }: { hint?: string | undefined; error?: string | null | undefined }) {
  if (error) return `${id}-error`
  if (hint) return `${id}-hint`
  return undefined
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }

export function TextInput({ className, ref, ...props }: InputProps) {
  return <input ref={ref} className={cn(control, className)} {...props} />
}

/** Longest e-mail address accepted (RFC 5321; the contract's schemas refuse longer ones). */
export const EMAIL_MAX_LENGTH = 254

export interface EmailInputProps extends Omit<InputProps, 'type' | 'value' | 'onChange'> {
  value: string
  /** The address as typed, without the spaces around it (an address has none). */
  onValueChange: (value: string) => void
}

/**
 * Every e-mail field of the app: the e-mail keyboard, autofill (`autoComplete` 'email' unless told,
 * e.g. 'username' on a sign-in form), no capitalisation or spell check, 254 characters at most.
 */
export function EmailInput({ onValueChange, autoComplete = 'email', maxLength = EMAIL_MAX_LENGTH, ...props }: EmailInputProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={maxLength}
      {...props}
      onChange={(event) => onValueChange(event.target.value.trim())}
    />
  )
}

/** A password input with a show/hide toggle ('Mostrar senha' / 'Ocultar senha'). */
export function PasswordInput({ className, ref, ...props }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <input ref={ref} type={visible ? 'text' : 'password'} className={cn(control, 'pr-13', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
        aria-controls={props.id}
        className="absolute top-1/2 right-1.5 grid size-10 -translate-y-1/2 place-items-center rounded-lg text-ink-muted transition-colors hover:bg-tint hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  )
}

/** A native select styled like the text inputs. */
export function SelectInput({
  className,
  children,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(control, 'cursor-pointer appearance-none pr-11', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-muted" />
    </div>
  )
}

/** The nearest box that scrolls `element` (a dialog's body, say), or null when it is the page. */
function scrollBox(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return null
}

/** Room kept between a revealed box and the header or the bottom bar. */
const REVEAL_GAP_PX = 16

/**
 * How far the page must scroll so that the span `top`…`bottom` (viewport pixels) sits inside the
 * visible band `viewTop`…`viewBottom`: 0 when it already does; a span taller than the band is
 * aligned by its top (its first line is what the person reads first).
 */
export function revealScrollDelta(span: { top: number; bottom: number }, band: { viewTop: number; viewBottom: number }): number {
  if (span.top < band.viewTop || span.bottom - span.top > band.viewBottom - band.viewTop) return span.top - band.viewTop
  if (span.bottom > band.viewBottom) return span.bottom - band.viewBottom
  return 0
}

/**
 * Scrolls the page so that all of `boxes` are in view, clear of the sticky header and, below 768 px,
 * of the fixed bottom bar — the page's scroll padding (styles.css) says how much room they take —
 * without a jump when they already are. When they do not fit together, `essential` (the message
 * the person must read; the last box by default) is the one brought into view. Inside a scrolling
 * box (a dialog) the box scrolls instead.
 */
export function bringIntoView(boxes: HTMLElement[], essential: HTMLElement | undefined = boxes[boxes.length - 1]): void {
  if (!essential) return
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  const behavior: ScrollBehavior = reduceMotion ? 'auto' : 'smooth'
  if (scrollBox(essential)) {
    essential.scrollIntoView({ block: 'nearest', behavior })
    return
  }
  const root = getComputedStyle(document.documentElement)
  const padTop = Number.parseFloat(root.scrollPaddingTop) || 0
  const padBottom = Number.parseFloat(root.scrollPaddingBottom) || 0
  const band = { viewTop: padTop + REVEAL_GAP_PX, viewBottom: window.innerHeight - padBottom - REVEAL_GAP_PX }
  const spanOf = (elements: HTMLElement[]) => {
    const rects = elements.map((element) => element.getBoundingClientRect())
    return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) }
  }
  let span = spanOf(boxes)
  if (span.bottom - span.top > band.viewBottom - band.viewTop) span = spanOf([essential])
  const delta = revealScrollDelta(span, band)
  if (delta !== 0) window.scrollBy({ top: delta, behavior })
}

/**
 * Brings `element` into view (bringIntoView). `focus` gets the keyboard and screen-reader focus:
 * another element, or `element` itself when `true`.
 */
export function revealElement(element: HTMLElement, focus: HTMLElement | boolean = false): void {
  const target = focus === true ? element : focus || null
  if (target) {
    if (target === element && !element.hasAttribute('tabindex') && element.tabIndex < 0) element.tabIndex = -1
    target.focus({ preventScroll: true })
  }
  bringIntoView([element])
}

/**
 * The first error inside `root`, in reading order, comes into view and takes the focus:
 * - a control marked `aria-invalid`: its whole field (label to message) comes into view, with the
 *   form's alert box when there is one; the box takes the focus (it holds the message, which a
 *   screen reader then reads), else the control does;
 * - else an alert box (role=alert): it comes into view and takes the focus.
 * Returns whether there was an error.
 */
export function revealFirstError(root: ParentNode): boolean {
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')
  if (!first) return false
  if (first.getAttribute('role') === 'alert') {
    revealElement(first, true)
    return true
  }
  const field = first.closest<HTMLElement>('[data-form-field]') ?? first
  const found = root.querySelector<HTMLElement>('[role="alert"]')
  const alert = found && !field.contains(found) ? found : null
  if (alert) {
    if (!alert.hasAttribute('tabindex')) alert.tabIndex = -1
    alert.focus({ preventScroll: true })
  } else {
    first.focus({ preventScroll: true })
  }
  bringIntoView(alert ? [field, alert] : [field], alert ?? field)
  return true
}

/**
 * The one way every form shows its errors (docs/product/README.md#forms): call `reveal()` when an
 * attempt fails; once the errors are on screen, the first one is scrolled into view and focused
 * (revealFirstError inside `ref`). Each call reveals again, even when the message is the same.
 */
export function useErrorReveal<T extends HTMLElement = HTMLFormElement>(): { ref: RefObject<T | null>; reveal: () => void } {
  const ref = useRef<T>(null)
  const [request, setRequest] = useState(0)
  useEffect(() => {
    if (request > 0 && ref.current) revealFirstError(ref.current)
  }, [request])
  const reveal = useCallback(() => setRequest((n) => n + 1), [])
  return { ref, reveal }
}

/** A little room around a revealed box; the header and the bottom bar are the page's scroll padding. */
const revealMargins = 'scroll-my-4'

export interface FormMessageProps {
  children: ReactNode
  className?: string
}

/**
 * The error box under a form (role=alert, announced when it appears). Forms bring it into view
 * and focus it with useErrorReveal.
 */
export function FormAlert({ children, className }: FormMessageProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-[0.95rem] leading-relaxed text-danger focus:outline-none',
        revealMargins,
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

export interface FormNoticeProps extends FormMessageProps {
  /**
   * Scroll the box into view when it mounts. Give the box a `key` that changes with each attempt so
   * a repeated confirmation is revealed and announced again.
   */
  reveal?: boolean
}

/** A calm confirmation box (role=status). */
export function FormNotice({ children, className, reveal = false }: FormNoticeProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (reveal && ref.current) revealElement(ref.current)
  }, [reveal])
  return (
    <div
      ref={ref}
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-xl border border-success-line bg-success-soft px-4 py-3 text-[0.95rem] leading-relaxed text-success',
        revealMargins,
        className,
      )}
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  loading: boolean
  loadingText: string
}

/** Full-width submit that reads `loadingText` (and is busy) while the request runs. */
export function SubmitButton({ loading, loadingText, children, className, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      size="lg"
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn('w-full', className)}
      {...props}
    >
      {loading ? (
        <>
          <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" />
          {loadingText}
        </>
      ) : (
        children
      )}
    </Button>
  )
}
