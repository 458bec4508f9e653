import { COMMERCE_MSG } from '@sintonia/contract'

export interface PaymentFormValues {
  email: string
  name: string
}

export interface PaymentFormErrors {
  email?: string
  name?: string
}

/** Address-shaped: something@something.tld, no spaces (the server checks again with zod). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Payment form: email required and address-shaped; name required and ≥ 2 characters after trimming. */
export function validatePaymentForm({ email, name }: PaymentFormValues): PaymentFormErrors {
  const errors: PaymentFormErrors = {}
  const cleanEmail = email.trim()
  if (!cleanEmail) errors.email = COMMERCE_MSG.emailRequired
  else if (!EMAIL_SHAPE.test(cleanEmail)) errors.email = COMMERCE_MSG.emailInvalid
  const cleanName = name.trim()
  if (!cleanName) errors.name = COMMERCE_MSG.nameRequired
  else if (cleanName.length < 2) errors.name = COMMERCE_MSG.nameTooShort
  return errors
}

/** Several messages are joined with '. ' in one alert. */
export function joinErrors(errors: PaymentFormErrors): string | null {
  const messages = [errors.email, errors.name].filter((message): message is string => Boolean(message))
  return messages.length ? messages.join('. ') : null
}
