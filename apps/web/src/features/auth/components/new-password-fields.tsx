import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import { FormField, PasswordInput } from '../../../components/ui/form'

export interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids (from useId). */
  idPrefix: string
  password: string
  confirm: string
  onPasswordChange: (value: string) => void
  onConfirmChange: (value: string) => void
  /** Each page words the confirmation its own way ('Confirme a senha' / 'Confirme a nova senha'). */
  confirmLabel: string
}

/** A new password and its confirmation: the fields of the reset and the pay-first onboarding pages. */
export function NewPasswordFields({ idPrefix, password, confirm, onPasswordChange, onConfirmChange, confirmLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField id={`${idPrefix}-password`} label="Nova senha" hint={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}>
        <PasswordInput
          id={`${idPrefix}-password`}
          name="new-password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby={`${idPrefix}-password-hint`}
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
        />
      </FormField>
      <FormField id={`${idPrefix}-confirm`} label={confirmLabel}>
        <PasswordInput
          id={`${idPrefix}-confirm`}
          name="confirm-password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirm}
          onChange={(e) => onConfirmChange(e.target.value)}
        />
      </FormField>
    </>
  )
}
