/** Pure pieces of the payments module: webhook signatures, sandbox cards, billing months, Pix CRC. */
import { describe, expect, it } from 'vitest'
import { signPayload, verifySignature } from '../../src/lib/http/webhook-signature.js'
import { subscriptionStateOf } from '../../src/modules/commerce/gateway/events.js'
import { checkCard, expiryValid, luhnValid } from '../../src/modules/payment-sandbox/cards.js'
import { crc16, fakePixPayload } from '../../src/modules/payment-sandbox/pix.js'
import { addMonths } from '../../src/modules/payment-sandbox/provider.js'

const SECRET = 'segredo-de-teste-com-tamanho-bom'

describe('webhook signature (Stripe scheme)', () => {
  const body = '{"id":"evt_1","type":"x","data":{"object":{}}}'
  const now = 1_800_000_000

  it('accepts its own signature within the tolerance and refuses everything else', () => {
    const header = signPayload(body, SECRET, now)
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/)
    expect(verifySignature(Buffer.from(body), header, SECRET, now + 299)).toBe('ok')
    expect(verifySignature(Buffer.from(body), header, SECRET, now + 301)).toBe('bad_signature')
    expect(verifySignature(Buffer.from(body), header, SECRET, now - 301)).toBe('bad_signature')
    expect(verifySignature(Buffer.from(`${body} `), header, SECRET, now)).toBe('bad_signature')
    expect(verifySignature(Buffer.from(body), header, `${SECRET}x`, now)).toBe('bad_signature')
    expect(verifySignature(Buffer.from(body), undefined, SECRET, now)).toBe('missing_signature')
    expect(verifySignature(Buffer.from(body), 'v1=zz', SECRET, now)).toBe('bad_signature')
    // Several v1 values (secret rotation): one matching is enough.
    const v1 = header.split('v1=')[1]!
    expect(verifySignature(Buffer.from(body), `t=${now},v1=${'0'.repeat(64)},v1=${v1}`, SECRET, now)).toBe('ok')
  })
})

describe('sandbox cards', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  const card = (number: string, expiry = '12/30', cvc = '123') => checkCard({ number, expiry, cvc }, now).outcome

  it('follows Stripe test cards and validates number, expiry and CVC', () => {
    expect(card('4242 4242 4242 4242')).toBe('succeeded')
    expect(card('4000000000000002')).toBe('card_declined')
    expect(card('4000 0000 0000 9995')).toBe('insufficient_funds')
    expect(card('4000 0000 0000 0127')).toBe('invalid_cvc')
    expect(card('4000 0000 0000 0069')).toBe('expired_card')
    expect(card('4000 0000 0000 0119')).toBe('processing_error')
    expect(card('4242 4242 4242 4241')).toBe('card_number_incorrect')
    expect(card('4242')).toBe('card_number_incorrect')
    expect(card('4242 4242 4242 4242', '10/26')).toBe('invalid_expiry')
    expect(card('4242 4242 4242 4242', '13/30')).toBe('invalid_expiry')
    expect(card('4242 4242 4242 4242', '11/26')).toBe('succeeded')
    expect(card('4242 4242 4242 4242', '12/30', '12')).toBe('invalid_cvc')
    expect(checkCard({ number: '5555 5555 5555 4444', expiry: '12/30', cvc: '123' }, now)).toMatchObject({ outcome: 'card_declined', brand: 'mastercard', last4: '4444' })
    expect(luhnValid('79927398713')).toBe(true)
    expect(expiryValid('12/2030', now)).toBe(true)
  })
})

describe('billing months', () => {
  it('adds months in UTC, clamping to the last day of a shorter month', () => {
    expect(addMonths(new Date('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z')
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(addMonths(new Date('2026-11-22T10:00:00Z'), 12).toISOString()).toBe('2027-11-22T10:00:00.000Z')
    expect(addMonths(new Date('2026-08-31T00:00:00Z'), 6).toISOString()).toBe('2027-02-28T00:00:00.000Z')
  })
})

describe('provider subscription states', () => {
  it('maps to ours, leaving undecided states alone', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete_expired', 'incomplete', 'paused'].map(subscriptionStateOf)).toEqual([
      'active',
      'active',
      'past_due',
      'canceled',
      'expired',
      'expired',
      null,
      null,
    ])
  })
})

describe('fake Pix payload', () => {
  it('is a BR Code with a correct CRC16-CCITT', () => {
    expect(crc16('123456789')).toBe('29B1')
    const payload = fakePixPayload({ amountCents: 47_880, merchant: 'Sintonia Áudios', txid: 'cs_sbx_abc' })
    expect(payload.startsWith('000201')).toBe(true)
    expect(payload).toContain('5406478.80')
    expect(payload).toContain('5915Sintonia Audios')
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)))
  })
})
