import { LogIn } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'
import { cn } from '../../lib/cn'

/**
 * The header's session button. For now every visitor is anonymous, so it reads 'Entrar' and
 * goes to /login. The auth work replaces this with: hidden while the session loads, 'Sair'
 * when authenticated (toast 'Logout realizado com sucesso!', then '/'), 'Entrar' otherwise.
 */
export function AuthButton({ className, fullWidth = false }: { className?: string; fullWidth?: boolean }) {
  return (
    <ButtonLink to="/login" variant="outline" size="md" className={cn(fullWidth && 'w-full', className)}>
      <LogIn aria-hidden="true" />
      Entrar
    </ButtonLink>
  )
}
