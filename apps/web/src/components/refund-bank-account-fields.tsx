import {
  REFUND_ACCOUNT_TYPE_LABELS,
  REFUND_ACCOUNT_TYPES,
  refundBankAccountSchema,
  type PaymentMethod,
  type RefundBankAccount,
} from '@sintonia/contract'
import { FormField, SelectInput, TextInput, describedBy } from './ui/form'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/zod-issues'

/** How a refund goes back, by the way it was paid (the guarantee and a gift's refund say the same). */
export const REFUND_WAY: Record<PaymentMethod, string> = {
  card: 'O valor é estornado no cartão usado no pagamento.',
  pix: 'O valor é devolvido por Pix para a conta de onde saiu o pagamento.',
  boleto: 'Um boleto não tem como voltar sozinho: informe a conta que vai receber o valor por transferência.',
}

export type AccountDraft = Record<'bankCode' | 'agency' | 'account' | 'accountType' | 'holderName' | 'holderCpf', string>
export const EMPTY_ACCOUNT: AccountDraft = { bankCode: '', agency: '', account: '', accountType: 'corrente', holderName: '', holderCpf: '' }

/** The account as typed, checked before anything is sent: the account, or each field's message. */
export function checkBankAccount(draft: AccountDraft): { account: RefundBankAccount; errors: null } | { account: null; errors: FieldErrors } {
  const parsed = refundBankAccountSchema.safeParse(draft)
  return parsed.success ? { account: parsed.data, errors: null } : { account: null, errors: zodFieldErrors(parsed.error) }
}

/** A refused request's messages by account field (the API names them `bankAccount.{field}`). */
export function bankAccountFieldErrors(error: unknown): FieldErrors {
  return Object.fromEntries(Object.entries(apiFieldErrors(error)).map(([key, message]) => [key.replace(/^bankAccount\./, ''), message]))
}

/** The account a boleto's refund is transferred to: bank, branch, account, type and its holder. */
export function BankAccountFields({
  id,
  account,
  errors,
  onChange,
}: {
  id: string
  account: AccountDraft
  errors: FieldErrors
  onChange: (key: keyof AccountDraft, value: string) => void
}) {
  const field = (key: keyof AccountDraft, label: string, props: Record<string, unknown> = {}, hint?: string) => {
    const fieldId = `${id}-${key}`
    const message = errors[key] || null
    return (
      <FormField id={fieldId} label={label} hint={hint} error={message}>
        <TextInput
          id={fieldId}
          value={account[key]}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(fieldId, { hint, error: message })}
          onChange={(event) => onChange(key, event.target.value)}
          {...props}
        />
      </FormField>
    )
  }
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Conta para receber o reembolso</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('bankCode', 'Banco', { inputMode: 'numeric', maxLength: 3, autoComplete: 'off' }, '3 números, ex.: 001')}
        {field('agency', 'Agência', { inputMode: 'numeric', maxLength: 5, autoComplete: 'off' }, 'Sem o dígito')}
        {field('account', 'Conta', { maxLength: 14, autoComplete: 'off' }, 'Com o dígito')}
      </div>
      <FormField id={`${id}-accountType`} label="Tipo de conta" error={errors.accountType || null}>
        <SelectInput id={`${id}-accountType`} value={account.accountType} onChange={(event) => onChange('accountType', event.target.value)}>
          {REFUND_ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {REFUND_ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectInput>
      </FormField>
      {field('holderName', 'Nome de quem é titular', { maxLength: 120, autoComplete: 'name' })}
      {field('holderCpf', 'CPF de quem é titular', { inputMode: 'numeric', maxLength: 14, autoComplete: 'off', placeholder: '000.000.000-00' })}
    </fieldset>
  )
}
