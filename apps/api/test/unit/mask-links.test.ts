import { describe, expect, it } from 'vitest'
import { EMAIL_KIND_LABELS } from '@sintonia/contract'
import { MASKED_SECRET, maskSecretLinks } from '../../src/modules/communication/mask-links.js'
import { ACCOUNT_EMAIL_KINDS } from '../../src/modules/accounts/emails.js'
import { PASSWORD_RESET_KIND } from '../../src/modules/accounts/reset-email.js'
import { EMAIL_KINDS } from '../../src/modules/commerce/emails.js'
import { CAMPAIGN_EMAIL_KIND } from '../../src/modules/communication/campaign-email.js'
import { LEAD_WELCOME_KIND } from '../../src/modules/communication/welcome-email.js'
import { REMINDER_EMAIL_KIND } from '../../src/modules/practice/reminder-email.js'

const M = MASKED_SECRET

describe('maskSecretLinks: what an admin reading the outbox sees', () => {
  it.each([
    ['reset link', 'Abra: https://sintonia.app/redefinir-senha?token=AbC-123_x', `Abra: https://sintonia.app/redefinir-senha?token=${M}`],
    ['access link, encoded token', 'http://localhost:3000/onboarding/definir-senha?token=a%2Bb%3D', `http://localhost:3000/onboarding/definir-senha?token=${M}`],
    ['confirmation link, a signed token with dots', 'https://x.app/confirmar-email?token=eyJh.eyJ1.c2ln\nObrigado', `https://x.app/confirmar-email?token=${M}\nObrigado`],
    ['second parameter, others kept', 'https://x.app/p?utm_source=mail&access_token=seg&x=1', `https://x.app/p?utm_source=mail&access_token=${M}&x=1`],
    ['fragment', 'https://x.app/#code=999', `https://x.app/#code=${M}`],
    ['link in parentheses', '(https://x.app/r?token=abc)', `(https://x.app/r?token=${M})`],
    ['two links', 'a?token=1 b?signature=2', `a?token=${M} b?signature=${M}`],
    ['reminder unsubscribe link', 'Cancele: https://x.app/api/reminders/unsubscribe?token=Zm9v_YmFy-1', `Cancele: https://x.app/api/reminders/unsubscribe?token=${M}`],
    ['gift link, the token in the path', 'Resgatar meu presente: https://x.app/presente/Ab-c_12x9?utm=1\nFim', `Resgatar meu presente: https://x.app/presente/${M}?utm=1\nFim`],
    ['plain links stay whole', 'Ouça: https://sintonia.app/demo?utm_source=mail', 'Ouça: https://sintonia.app/demo?utm_source=mail'],
    ['the word in prose stays', 'Seu token de acesso chega por e-mail.', 'Seu token de acesso chega por e-mail.'],
  ])('%s', (_case, text, expected) => {
    expect(maskSecretLinks(text)).toBe(expected)
  })
})

describe('EMAIL_KIND_LABELS', () => {
  it('names every kind of e-mail the server sends', () => {
    const kinds = [...Object.values(ACCOUNT_EMAIL_KINDS), PASSWORD_RESET_KIND, ...Object.values(EMAIL_KINDS), CAMPAIGN_EMAIL_KIND, LEAD_WELCOME_KIND, REMINDER_EMAIL_KIND]
    for (const kind of kinds) expect(EMAIL_KIND_LABELS[kind], kind).toBeTruthy()
    expect(Object.keys(EMAIL_KIND_LABELS).sort()).toEqual([...new Set(kinds)].sort())
  })
})
