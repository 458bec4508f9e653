/**
 * Text content of the demo catalogue: 6 fields ("campos") with 3 guided audios each,
 * plus the background-music tracks. Every `file` is an MP3 in ./media, produced by
 * scripts/generate-sample-audio.sh: each audio is a 2–4 minute guided practice whose
 * script is scripts/sample-audio/texts/<file name>.txt (it matches the title and
 * description here). The programmes of programs.ts name these audios by `slug`.
 */
import type { IconName } from '@sintonia/contract'

export type SeedIconName = IconName
export interface SeedAudio {
  slug: string
  title: string
  description: string
  tags: string[]
  file: string
  isDemo?: boolean
}

export interface SeedField {
  slug: string
  title: string
  description: string
  iconName: SeedIconName
  audios: SeedAudio[]
}

export interface SeedMusic {
  slug: string
  title: string
  file: string
  tags: string[]
}

export const seedFields: SeedField[] = [
  {
    slug: 'prosperidade-e-abundancia',
    title: 'Prosperidade e Abundância',
    description: 'Áudios para alinhar pensamentos e atitudes com a prosperidade, a gratidão e a abundância.',
    iconName: 'DollarSign',
    audios: [
      {
        slug: 'boas-vindas-sintonize-sua-mente',
        title: 'Áudio de Boas-Vindas: Sintonize sua Mente',
        description: 'Uma primeira prática curta para respirar fundo e sintonizar a mente com calma e confiança.',
        tags: ['boas-vindas', 'iniciante', 'prosperidade'],
        file: 'boas-vindas-sintonize-sua-mente.mp3',
        isDemo: true,
      },
      {
        slug: 'mente-prospera',
        title: 'Mente Próspera',
        description: 'Uma visualização de portas se abrindo para fortalecer a certeza de que você merece prosperar.',
        tags: ['prosperidade', 'abundância', 'dinheiro', 'gratidão'],
        file: 'mente-prospera.mp3',
      },
      {
        slug: 'gratidao-pelo-que-ja-existe',
        title: 'Gratidão pelo que Já Existe',
        description: 'Um exercício de reconhecer o que já é bom na sua vida e abrir espaço para mais abundância.',
        tags: ['gratidão', 'abundância'],
        file: 'gratidao-pelo-que-ja-existe.mp3',
      },
    ],
  },
  {
    slug: 'autoestima-e-amor-proprio',
    title: 'Autoestima e Amor-Próprio',
    description: 'Práticas para se tratar com gentileza, reconhecer o próprio valor e fortalecer a autoconfiança.',
    iconName: 'Heart',
    audios: [
      {
        slug: 'coracao-em-paz',
        title: 'Coração em Paz',
        description: 'Uma pausa com a mão sobre o peito para soltar as cobranças do dia e descansar em paz.',
        tags: ['amor-próprio', 'calma', 'perdão'],
        file: 'coracao-em-paz.mp3',
      },
      {
        slug: 'espelho-gentil',
        title: 'Espelho Gentil',
        description: 'Uma afirmação diante do espelho para se aceitar como é, com carinho e respeito.',
        tags: ['autoestima', 'amor-próprio', 'aceitação'],
        file: 'espelho-gentil.mp3',
      },
      {
        slug: 'audio-da-autoconfianca',
        title: 'Áudio da Autoconfiança',
        description: 'Relembre um desafio que você já superou e sinta que essa mesma força continua em você.',
        tags: ['autoestima', 'confiança'],
        file: 'audio-da-autoconfianca.mp3',
      },
    ],
  },
  {
    slug: 'foco-e-concentracao',
    title: 'Foco e Concentração',
    description: 'Áudios curtos para trazer a mente ao presente, organizar prioridades e começar o que importa.',
    iconName: 'Target',
    audios: [
      {
        slug: 'mente-presente',
        title: 'Mente Presente',
        description: 'Use a respiração como âncora para observar os pensamentos e voltar ao agora.',
        tags: ['foco', 'atenção', 'presença'],
        file: 'mente-presente.mp3',
      },
      {
        slug: 'primeiro-passo-do-dia',
        title: 'Primeiro Passo do Dia',
        description: 'Escolha uma única tarefa importante e visualize o primeiro passo antes de começar.',
        tags: ['foco', 'produtividade', 'manhã'],
        file: 'primeiro-passo-do-dia.mp3',
      },
      {
        slug: 'pausa-para-reorganizar',
        title: 'Pausa para Reorganizar',
        description: 'Uma pausa breve entre tarefas para soltar os ombros e enxergar com clareza o que é prioridade.',
        tags: ['foco', 'pausa', 'clareza'],
        file: 'pausa-para-reorganizar.mp3',
      },
    ],
  },
  {
    slug: 'saude-e-vitalidade',
    title: 'Saúde e Vitalidade',
    description: 'Práticas de respiração e atenção ao corpo para cuidar da saúde e renovar a energia.',
    iconName: 'Activity',
    audios: [
      {
        slug: 'corpo-em-harmonia',
        title: 'Corpo em Harmonia',
        description: 'Percorra o corpo da cabeça aos pés com atenção e agradeça a cada parte dele.',
        tags: ['saúde', 'corpo', 'gratidão'],
        file: 'corpo-em-harmonia.mp3',
      },
      {
        slug: 'energia-da-manha',
        title: 'Energia da Manhã',
        description: 'Um despertar suave para espreguiçar o corpo e começar o dia com disposição e alegria.',
        tags: ['energia', 'vitalidade', 'manhã'],
        file: 'energia-da-manha.mp3',
      },
      {
        slug: 'respiracao-restauradora',
        title: 'Respiração Restauradora',
        description: 'Uma respiração lenta e contada que ajuda o corpo a relaxar e a se renovar.',
        tags: ['respiração', 'saúde', 'relaxamento'],
        file: 'respiracao-restauradora.mp3',
      },
    ],
  },
  {
    slug: 'relacionamentos',
    title: 'Relacionamentos',
    description: 'Reflexões guiadas para ouvir melhor, criar laços de confiança e cuidar das suas relações.',
    iconName: 'Users',
    audios: [
      {
        slug: 'escuta-atenta',
        title: 'Escuta Atenta',
        description: 'Uma preparação para conversar com o coração aberto e ouvir antes de responder.',
        tags: ['comunicação', 'empatia'],
        file: 'escuta-atenta.mp3',
      },
      {
        slug: 'lacos-de-confianca',
        title: 'Laços de Confiança',
        description: 'Envie um pensamento de carinho a alguém importante e fortaleça os vínculos que você valoriza.',
        tags: ['vínculos', 'empatia', 'confiança'],
        file: 'lacos-de-confianca.mp3',
      },
      {
        slug: 'limites-com-carinho',
        title: 'Limites com Carinho',
        description: 'Aprenda a dizer não com respeito e gentileza, protegendo você e as suas relações.',
        tags: ['limites', 'comunicação', 'autocuidado'],
        file: 'limites-com-carinho.mp3',
      },
    ],
  },
  {
    slug: 'calma-e-sono-tranquilo',
    title: 'Calma e Sono Tranquilo',
    description: 'Áudios para desacelerar depois de um dia cheio e preparar o corpo e a mente para um sono tranquilo.',
    iconName: 'Brain',
    audios: [
      {
        slug: 'desacelerar-a-mente',
        title: 'Desacelerar a Mente',
        description: 'Deixe os pensamentos passarem como nuvens e solte, devagar, o peso do dia.',
        tags: ['calma', 'ansiedade', 'relaxamento'],
        file: 'desacelerar-a-mente.mp3',
      },
      {
        slug: 'preparacao-para-o-sono',
        title: 'Preparação para o Sono',
        description: 'Um relaxamento deitado, do rosto às mãos, para o sono chegar de mansinho.',
        tags: ['sono', 'noite', 'relaxamento'],
        file: 'preparacao-para-o-sono.mp3',
      },
      {
        slug: 'noite-serena',
        title: 'Noite Serena',
        description: 'Uma respiração cada vez mais lenta e leve para descansar com sensação de segurança.',
        tags: ['sono', 'noite', 'calma'],
        file: 'noite-serena.mp3',
      },
    ],
  },
]

export const seedBackgroundMusic: SeedMusic[] = [
  {
    slug: 'brisa-suave',
    title: 'Brisa Suave',
    file: 'music-brisa-suave.mp3',
    tags: ['relaxamento', 'leveza'],
  },
  {
    slug: 'horizonte-sereno',
    title: 'Horizonte Sereno',
    file: 'music-horizonte-sereno.mp3',
    tags: ['calma'],
  },
]
