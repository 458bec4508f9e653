import { describe, expect, it } from 'vitest'
import { PLAYER_MSG } from '@sintonia/contract'
import { audioErrorHint, describeMediaError, describeProbeError } from './audio-errors'

describe('describeMediaError', () => {
  it("maps codes 1-4 to 'Erro {code}: …' and anything else to the unknown message", () => {
    expect(describeMediaError({ code: 1 })).toMatch(/^Erro 1: .*interrompido/)
    expect(describeMediaError({ code: 2 })).toMatch(/^Erro 2: .*rede/)
    expect(describeMediaError({ code: 3 })).toMatch(/^Erro 3: .*decodificar/)
    expect(describeMediaError({ code: 4 })).toMatch(/^Erro 4: .*não suportado/)
    expect(describeMediaError({ code: 99 })).toBe('Erro desconhecido no áudio')
    expect(describeMediaError(null)).toBe('Erro desconhecido no áudio')
  })
})

describe('describeProbeError', () => {
  it('uses the diagnostics wording', () => {
    expect(describeProbeError({ code: 2 })).toBe('Erro de rede')
    expect(describeProbeError({ code: 4 })).toBe('Arquivo não suportado ou erro CORS')
    expect(describeProbeError({ code: 3 })).toBe('Erro de mídia: 3')
    expect(describeProbeError(null)).toBe('Erro desconhecido')
  })
})

describe('audioErrorHint', () => {
  it('adds the connectivity hint to messages about rede, conexão or timeout', () => {
    expect(audioErrorHint('Erro de rede: Failed to fetch')).toBe(PLAYER_MSG.networkHint)
    expect(audioErrorHint('Sem conexão')).toBe(PLAYER_MSG.networkHint)
    expect(audioErrorHint('Timeout: Áudio não carregou após 5 segundos')).toBe(PLAYER_MSG.networkHint)
    expect(audioErrorHint('Erro 3: Não foi possível decodificar o áudio')).toBeNull()
    expect(audioErrorHint(null)).toBeNull()
    expect(PLAYER_MSG.networkHint).toMatch(/internet/)
    expect(PLAYER_MSG.networkHint).toMatch(/VPN ou proxy/)
    expect(PLAYER_MSG.networkHint).toMatch(/aguarde/)
  })
})
