import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import { ChevronDown, CircleAlert, CircleCheck, Eye, EyeOff } from 'lucide-react'
import { Button, type ButtonProps } from './button'
import { Spinner } from './spinner'
import { cn } from '../../lib/cn'

/** Form controls shared by every form of the app (sign-in, lead capture, playlists, admin). */
const control =
  'block h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200 ' +
  'placeholder:text-slate-500 hover:border-brand-300 focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:shadow-[0_0_0_4px_rgb(220_38_38/0.12)] disabled:cursor-not-allowed disabled:bg-slate-50 ' +
  'read-only:bg-brand-50/60 read-only:text-ink-muted'

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
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-[0.95rem] font-semibold text-ink">
          {label}
          {requirement === 'required' ? (
            <span aria-hidden="true" className="ml-0.5 text-brand-700">
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
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
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
        className="absolute top-1/2 right-1.5 grid size-10 -translate-y-1/2 place-items-center rounded-lg text-ink-muted transition-colors hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
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

/**
 * Brings a message that just appeared into view: clear of the sticky header and of the fixed
 * bottom bar on small screens (the scroll margins of the boxes below), without a jump when it is
 * already visible. `focus` also moves the keyboard and screen-reader focus to it.
 */
function revealMessage(element: HTMLElement, focus: boolean): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  if (focus) element.focus({ preventScroll: true })
  element.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' })
}

/** Room kept above and below a revealed message: the header (4 rem) and the mobile bottom bar. */
const revealMargins = 'scroll-mt-24 scroll-mb-32 md:scroll-mb-8'

export interface FormMessageProps {
  children: ReactNode
  className?: string
  /**
   * Scroll the box into view when it mounts (an alert also takes the focus). Give the box a `key`
   * that changes with each attempt so a repeated error is revealed and announced again.
   */
  reveal?: boolean
}

/** The error box under a form (role=alert, announced when it appears). */
export function FormAlert({ children, className, reveal = false }: FormMessageProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (reveal && ref.current) revealMessage(ref.current, true)
  }, [reveal])
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={reveal ? -1 : undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[0.95rem] leading-relaxed text-red-800 focus:outline-none',
        revealMargins,
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

/** A calm confirmation box (role=status). */
export function FormNotice({ children, className, reveal = false }: FormMessageProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (reveal && ref.current) revealMessage(ref.current, false)
  }, [reveal])
  return (
    <div
      ref={ref}
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-[0.95rem] leading-relaxed text-emerald-900',
        revealMargins,
        className,
      )}
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
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
