import type { ButtonHTMLAttributes, Ref } from 'react'
import { Link, type LinkProps } from '../../lib/navigation'
import { cn } from '../../lib/cn'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'accent' | 'inverse'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const base =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold ' +
  'transition-[background-color,color,box-shadow,transform,border-color] duration-200 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'active:translate-y-px disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 ' +
  '[&_svg]:pointer-events-none [&_svg]:shrink-0'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-glow hover:bg-brand-800',
  secondary: 'bg-tint-strong text-accent-strong hover:bg-tint-stronger',
  outline: 'border border-line-strong bg-card text-accent-strong shadow-sm hover:border-line-strong hover:bg-tint',
  ghost: 'text-accent-strong hover:bg-tint',
  /** Warm gold; the strongest call to action, mainly on dark surfaces. */
  accent:
    'bg-gold-400 text-on-gold shadow-[0_10px_30px_-10px_rgb(251_191_36/0.7)] hover:bg-gold-300 focus-visible:outline-gold-300',
  /** Translucent light button for dark surfaces. */
  inverse: 'border border-white/25 bg-white/10 text-white backdrop-blur hover:bg-white/20 focus-visible:outline-white',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm [&_svg]:size-4',
  md: 'min-h-11 px-5 py-2 text-[0.95rem] [&_svg]:size-[1.125rem]',
  lg: 'min-h-13 px-5 py-3 sm:px-7 text-base sm:text-lg [&_svg]:size-5',
  icon: 'size-11 [&_svg]:size-5',
}

export interface ButtonStyleProps {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/** The class list of a button, for elements that must look like one (e.g. router links). */
export function buttonVariants({ variant = 'primary', size = 'md', className }: ButtonStyleProps = {}): string {
  return cn(base, variants[variant], sizes[size], className)
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Omit<ButtonStyleProps, 'className'> {
  ref?: Ref<HTMLButtonElement>
}

/** An action on this page. For navigation use `ButtonLink`. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />
}

export interface ButtonLinkProps extends LinkProps, Omit<ButtonStyleProps, 'className'> {
  ref?: Ref<HTMLAnchorElement>
}

/** A router link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonVariants({ variant, size, className })} {...props} />
}
