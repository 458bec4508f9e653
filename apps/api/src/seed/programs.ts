/**
 * The demo's daily-practice programmes (docs/product/practice.md): "21 dias de Autoestima" (one day
 * per calendar day) and "7 dias de Calma" ("livre": every day open). Each day has an intention and
 * the seeded audios (catalogue.ts, by slug) with repetition counts adding up to about 20 minutes
 * with today's media (every audio is a 2–4 minute practice; seed.test.ts checks each day stays
 * within 15–25 minutes, so a regenerated audio that changes length shows up there).
 */
import { PROGRAM_LIMITS } from '@sintonia/contract'
import { seedId } from './seed-id.js'
import type { programDayItems, programDays, programs } from '../db/schema/index.js'

export interface SeedProgramItem {
  /** A catalogue audio's slug (catalogue.ts). */
  audio: string
  repetitions: number
}

export interface SeedProgramDay {
  intention: string
  items: SeedProgramItem[]
}

export interface SeedProgram {
  slug: string
  title: string
  description: string
  isOpen: boolean
  position: number
  days: SeedProgramDay[]
}

const day = (intention: string, ...items: [audio: string, repetitions: number][]): SeedProgramDay => ({
  intention,
  items: items.map(([audio, repetitions]) => ({ audio, repetitions })),
})

export const seedPrograms: SeedProgram[] = [
  {
    slug: '21-dias-de-autoestima',
    title: '21 dias de Autoestima',
    description:
      'Três semanas para se tratar com mais gentileza, reconhecer o próprio valor e confiar em si. ' +
      'Na primeira semana você aprende a se acolher; na segunda, a se olhar com carinho; na terceira, a confiar na própria força. ' +
      'Cerca de 20 minutos por dia, um dia de cada vez.',
    isOpen: false,
    position: 1,
    days: [
      // Semana 1 — acolher-se
      day(
        'Hoje começa um caminho de gentileza com você. Não há nada a provar: só chegar, respirar e se escutar.',
        // Not the free demo (the buyer heard it before paying): a paid programme opens with something new.
        ['mente-presente', 1],
        ['respiracao-restauradora', 1],
        ['coracao-em-paz', 5],
      ),
      day('Perceba como você fala consigo nos momentos difíceis. Hoje, troque uma cobrança por uma palavra gentil.', ['respiracao-restauradora', 1], ['coracao-em-paz', 6]),
      day(
        'Agradeça por algo que você fez hoje, por menor que pareça. Reconhecer o próprio esforço também é cuidado.',
        ['coracao-em-paz', 4],
        ['gratidao-pelo-que-ja-existe', 1],
        ['desacelerar-a-mente', 2],
      ),
      day(
        'Você pode errar e continuar merecendo carinho. Hoje, ofereça a si o perdão que ofereceria a quem ama.',
        ['respiracao-restauradora', 1],
        ['coracao-em-paz', 4],
        ['espelho-gentil', 2],
      ),
      day('O seu corpo acompanha você em tudo. Hoje, agradeça a ele com atenção, descanso e um pouco de movimento.', ['corpo-em-harmonia', 1], ['coracao-em-paz', 6]),
      day(
        'Dizer não ao que pesa é dizer sim a você. Hoje, observe onde um limite gentil faria bem.',
        ['coracao-em-paz', 4],
        ['limites-com-carinho', 1],
        ['desacelerar-a-mente', 2],
      ),
      day(
        'Uma semana de cuidado. Olhe para os últimos dias com carinho: cada pausa que você se deu já é um passo.',
        ['gratidao-pelo-que-ja-existe', 1],
        ['coracao-em-paz', 4],
        ['espelho-gentil', 2],
      ),
      // Semana 2 — olhar-se com carinho
      day('Nesta semana, o convite é se olhar com mais gentileza. Comece reparando em uma qualidade sua.', ['respiracao-restauradora', 1], ['espelho-gentil', 6]),
      day('Quando surgir uma crítica a você mesmo, respire e pergunte: eu diria isso a alguém que amo?', ['espelho-gentil', 5], ['coracao-em-paz', 2]),
      day('O seu corpo é a sua casa. Hoje, cuide dele como cuidaria de um lugar querido.', ['corpo-em-harmonia', 1], ['espelho-gentil', 6]),
      day(
        'Escreva ou diga em voz alta três coisas que você admira em si. Elas são verdadeiras mesmo nos dias cansados.',
        ['espelho-gentil', 5],
        ['gratidao-pelo-que-ja-existe', 1],
        ['respiracao-restauradora', 1],
      ),
      day(
        'Respeitar os próprios limites também é se valorizar. Hoje, cuide do seu tempo e da sua energia.',
        ['espelho-gentil', 5],
        ['limites-com-carinho', 1],
        ['coracao-em-paz', 1],
      ),
      day(
        'Você não precisa de perfeição para ter valor. Hoje, celebre um progresso, mesmo pequeno.',
        ['espelho-gentil', 4],
        ['audio-da-autoconfianca', 2],
        ['respiracao-restauradora', 1],
      ),
      day(
        'Duas semanas de prática. Perceba o que mudou na forma como você se olha, sem pressa e sem comparação.',
        ['gratidao-pelo-que-ja-existe', 1],
        ['espelho-gentil', 5],
        ['coracao-em-paz', 1],
      ),
      // Semana 3 — confiar em si
      day('Nesta última semana, o convite é confiar em você. Lembre-se de um desafio que você já superou.', ['respiracao-restauradora', 1], ['audio-da-autoconfianca', 6]),
      day('Escolha uma pequena ação que você vem adiando e dê o primeiro passo hoje. A confiança cresce com a prática.', ['primeiro-passo-do-dia', 1], ['audio-da-autoconfianca', 6]),
      day('A sua voz merece ser ouvida. Hoje, diga com calma algo que você pensa ou sente.', ['audio-da-autoconfianca', 5], ['espelho-gentil', 2]),
      day(
        'Confiança também é estar presente. Faça uma coisa de cada vez hoje, com atenção inteira.',
        ['mente-presente', 1],
        ['audio-da-autoconfianca', 5],
        ['coracao-em-paz', 1],
      ),
      day('Quem confia em si sabe também o que não aceita. Hoje, pratique um limite dito com carinho.', ['audio-da-autoconfianca', 5], ['limites-com-carinho', 2]),
      day(
        'Olhe para o caminho até aqui: acolher-se, olhar-se com carinho, confiar em si. Qual desses passos ficou mais forte em você?',
        ['audio-da-autoconfianca', 4],
        ['espelho-gentil', 2],
        ['coracao-em-paz', 1],
      ),
      day(
        'Vinte e um dias de cuidado com você. Agradeça pela sua dedicação e escolha qual prática quer levar para os próximos dias.',
        ['boas-vindas-sintonize-sua-mente', 1],
        ['audio-da-autoconfianca', 3],
        ['espelho-gentil', 2],
        ['coracao-em-paz', 1],
      ),
    ],
  },
  {
    slug: '7-dias-de-calma',
    title: '7 dias de Calma',
    description:
      'Uma semana para desacelerar depois de um dia cheio e preparar o corpo e a mente para descansar. ' +
      'Todos os dias ficam abertos: faça no seu ritmo, de preferência à noite. Cerca de 20 minutos por dia.',
    isOpen: true,
    position: 2,
    days: [
      day('Hoje, apenas desacelere. Não há nada para resolver agora: deixe a respiração ficar mais lenta.', ['respiracao-restauradora', 1], ['desacelerar-a-mente', 6]),
      day(
        'Perceba os pensamentos passando como nuvens. Você não precisa segurar nenhum deles.',
        ['desacelerar-a-mente', 4],
        ['coracao-em-paz', 1],
        ['noite-serena', 2],
      ),
      day(
        'O corpo guarda o cansaço do dia. Hoje, solte cada parte dele com atenção e carinho.',
        ['corpo-em-harmonia', 1],
        ['desacelerar-a-mente', 4],
        ['preparacao-para-o-sono', 2],
      ),
      day(
        'A respiração lenta é um convite para o corpo descansar. Volte a ela sempre que a mente acelerar.',
        ['respiracao-restauradora', 2],
        ['desacelerar-a-mente', 3],
        ['noite-serena', 2],
      ),
      day(
        'Crie um pequeno ritual antes de dormir: luz baixa, telas longe e alguns minutos só para você.',
        ['desacelerar-a-mente', 3],
        ['preparacao-para-o-sono', 2],
        ['noite-serena', 2],
      ),
      day(
        'Seja gentil com você ao fim do dia. O que não foi feito pode esperar até amanhã.',
        ['coracao-em-paz', 1],
        ['respiracao-restauradora', 1],
        ['preparacao-para-o-sono', 2],
        ['noite-serena', 2],
        ['desacelerar-a-mente', 1],
      ),
      day(
        'Uma semana desacelerando. Agradeça pelos momentos de calma que você se deu, e guarde o ritual que mais fez sentido.',
        ['gratidao-pelo-que-ja-existe', 1],
        ['desacelerar-a-mente', 2],
        ['preparacao-para-o-sono', 2],
        ['noite-serena', 2],
      ),
    ],
  },
]

export interface SeedProgramRows {
  programs: (typeof programs.$inferInsert)[]
  days: (typeof programDays.$inferInsert)[]
  items: (typeof programDayItems.$inferInsert)[]
}

/**
 * The rows of the seeded programmes, published, with the audio ids the catalogue seed gave each
 * slug. Refuses a programme an admin could not have saved (the editor's limits, a day without an
 * intention or an audio, an audio the catalogue does not have).
 */
export function seedProgramRows(audioIdOf: (slug: string) => string | undefined, list: SeedProgram[] = seedPrograms): SeedProgramRows {
  const rows: SeedProgramRows = { programs: [], days: [], items: [] }
  for (const program of list) {
    const where = `programa de exemplo "${program.title}"`
    if (program.title.length > PROGRAM_LIMITS.titleMax || program.description.length > PROGRAM_LIMITS.descriptionMax) {
      throw new Error(`${where}: título ou descrição longos demais`)
    }
    if (program.days.length < PROGRAM_LIMITS.daysMin || program.days.length > PROGRAM_LIMITS.daysMax) {
      throw new Error(`${where}: ${program.days.length} dias`)
    }
    const programId = seedId('program', program.slug)
    rows.programs.push({
      id: programId,
      slug: program.slug,
      title: program.title,
      description: program.description,
      isOpen: program.isOpen,
      published: true,
      position: program.position,
    })
    for (const [index, { intention, items }] of program.days.entries()) {
      const dayNumber = index + 1
      if (intention.trim() === '' || intention.length > PROGRAM_LIMITS.intentionMax) throw new Error(`${where}, dia ${dayNumber}: intenção vazia ou longa demais`)
      if (items.length < 1 || items.length > PROGRAM_LIMITS.itemsPerDayMax) throw new Error(`${where}, dia ${dayNumber}: ${items.length} áudios`)
      rows.days.push({ programId, day: dayNumber, intention })
      for (const [position, item] of items.entries()) {
        const audioId = audioIdOf(item.audio)
        if (!audioId) throw new Error(`${where}, dia ${dayNumber}: áudio desconhecido "${item.audio}"`)
        if (!Number.isInteger(item.repetitions) || item.repetitions < PROGRAM_LIMITS.repetitionsMin || item.repetitions > PROGRAM_LIMITS.repetitionsMax) {
          throw new Error(`${where}, dia ${dayNumber}: ${item.repetitions} repetições`)
        }
        rows.items.push({ programId, day: dayNumber, position, audioId, repetitions: item.repetitions })
      }
    }
  }
  return rows
}
