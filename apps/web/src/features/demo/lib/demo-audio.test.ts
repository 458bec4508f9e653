import { describe, expect, it } from 'vitest'
import { DEMO_MSG, type Audio } from '@sintonia/contract'
import { demoAudioProblem } from './demo-audio'

const AUDIO = { title: 'Boas-Vindas', url: '/api/audios/1/file' } as Audio

describe('demoAudioProblem', () => {
  it('accepts our own paths and http(s) addresses with a title', () => {
    expect(demoAudioProblem(AUDIO)).toBeNull()
    expect(demoAudioProblem({ ...AUDIO, url: 'https://midia.exemplo.com/demo.mp3' })).toBeNull()
  })

  it("names what is wrong: 'Áudio demo sem URL válida', 'Áudio demo sem título válido'", () => {
    for (const url of ['', '  ', '//outro.site/x.mp3', 'data:audio/wav;base64,AAAA', 'não é endereço']) expect(demoAudioProblem({ ...AUDIO, url }), url).toBe(DEMO_MSG.invalidUrl)
    expect(demoAudioProblem({ ...AUDIO, title: '' })).toBe(DEMO_MSG.invalidTitle)
  })

  it("says 'Erro ao validar áudio demo' when the answer has an unexpected shape", () => {
    expect(demoAudioProblem({ ...AUDIO, url: 42 } as unknown as Audio)).toBe(DEMO_MSG.validationFailed)
    expect(demoAudioProblem(null as unknown as Audio)).toBe(DEMO_MSG.validationFailed)
  })
})
