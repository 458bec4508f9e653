import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_LANDING_CONTENT } from '@sintonia/contract'
import { INITIAL_DATA_ELEMENT_ID, getInitialData, parseInitialData, resetInitialDataForTests, withInitialData } from './initial-data'

const landing = {
  productName: 'Sintonia',
  content: DEFAULT_LANDING_CONTENT,
  videos: { active_video_id: null, videos: [] },
  updatedAt: null,
}
const field = {
  id: '0d7d0e3c-2f7e-4b0e-8d1e-3c8f6a9b2c44',
  title: 'Autoconfiança',
  description: '',
  iconName: 'Heart',
  displayOrder: 1,
  coverImage: null,
  audioCount: 3,
}

afterEach(() => {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove()
  resetInitialDataForTests()
})

describe('parseInitialData', () => {
  it('tolerates absence and invalid JSON', () => {
    expect(parseInitialData(null)).toEqual({})
    expect(parseInitialData('')).toEqual({})
    expect(parseInitialData('{not json')).toEqual({})
    expect(parseInitialData('[1,2]')).toEqual({})
  })

  it('keeps only well-shaped entries', () => {
    expect(parseInitialData(JSON.stringify({ landing, fields: [field] }))).toEqual({ landing, fields: [field] })
    expect(parseInitialData(JSON.stringify({ landing: { content: 1 }, fields: [{ nope: true }] }))).toEqual({})
  })
})

describe('getInitialData', () => {
  it('reads the embedded script once', () => {
    const script = document.createElement('script')
    script.id = INITIAL_DATA_ELEMENT_ID
    script.type = 'application/json'
    script.textContent = JSON.stringify({ fields: [field] })
    document.body.append(script)

    expect(getInitialData('fields')).toEqual([field])
    expect(getInitialData('landing')).toBeUndefined()
    script.textContent = '{}'
    expect(getInitialData('fields')).toEqual([field])
  })

  it('is empty when the page has no embedded data', () => {
    expect(getInitialData('landing')).toBeUndefined()
  })
})

describe('embedded plans', () => {
  const plan = {
    code: 'anual',
    name: 'Anual',
    description: '',
    currency: 'BRL',
    intervalMonths: 12,
    priceCents: 47_880,
    originalPriceCents: 47_880,
    pricePerMonthCents: 3_990,
    savings: null,
    popular: true,
    promotion: null,
    benefits: ['Todos os campos e áudios'],
    buttonText: 'Assinar Anual',
  }

  it('keeps a well-shaped plan list and drops a malformed one', () => {
    expect(parseInitialData(JSON.stringify({ plans: [plan] }))).toEqual({ plans: [plan] })
    expect(parseInitialData(JSON.stringify({ plans: [{ ...plan, priceCents: '478,80' }] }))).toEqual({})
    expect(parseInitialData(JSON.stringify({ plans: 'anual' }))).toEqual({})
  })

  it("keeps the guarantee days sent with the plans, and only a whole number of days", () => {
    expect(parseInitialData(JSON.stringify({ plans: [plan], guaranteeDays: 30 }))).toEqual({ plans: [plan], guaranteeDays: 30 })
    expect(parseInitialData(JSON.stringify({ guaranteeDays: '30' }))).toEqual({})
    expect(parseInitialData(JSON.stringify({ guaranteeDays: 0 }))).toEqual({})
  })
})

describe('withInitialData', () => {
  it('serves the given data while the render runs, then what was there before', () => {
    expect(getInitialData('landing')).toBeUndefined()
    const seen = withInitialData({ landing, fields: [field] }, () => [getInitialData('landing'), getInitialData('fields')])
    expect(seen).toEqual([landing, [field]])
    expect(getInitialData('landing')).toBeUndefined()
  })

  it('restores the previous data when the render throws', () => {
    expect(() =>
      withInitialData({ landing }, () => {
        throw new Error('falhou')
      }),
    ).toThrow('falhou')
    expect(getInitialData('landing')).toBeUndefined()
  })
})
