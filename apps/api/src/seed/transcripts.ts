/**
 * Transcripts of three seeded audios (the demo among them): what each one says, from its script in
 * scripts/sample-audio/texts/<slug>.txt without the notes and the [pausa N] marks, each script
 * paragraph one paragraph, its lines joined (docs/product/listening.md#transcript). The other
 * seeded audios have none, so the catalogue shows both cases.
 */
export const seedTranscripts: Record<string, string> = {
  'boas-vindas-sintonize-sua-mente': [
    'Que bom ter você aqui. Boas-vindas ao Sintonia. Este é um momento só seu, para respirar e sintonizar a mente. Procure uma posição confortável. Se puder, feche os olhos com suavidade. Agora, inspire fundo pelo nariz. E solte o ar devagar, pela boca. Mais uma vez. Inspire, enchendo o peito de ar. E solte, deixando os ombros descerem.',
    'Perceba o seu corpo apoiado. Não há nada para fazer agora, além de estar aqui. Os pensamentos podem vir e ir embora. Deixe que passem, sem pressa, como carros numa rua distante.',
    'Agora, repita comigo, em pensamento, cada frase. Eu escolho estar presente. Eu mereço este momento de cuidado. Minha mente se sintoniza com a calma e com a confiança. Cada dia é uma nova chance de crescer. Eu me abro para o que é bom na minha vida.',
    'Respire mais uma vez, bem fundo. E solte. Pensamentos repetidos com carinho, dia após dia, viram novos hábitos. Por isso, volte amanhã, no seu ritmo. Poucos minutos por dia já fazem diferença. Quando quiser, mexa devagar as mãos e os pés, e abra os olhos. Que bom que você se deu este tempo.',
  ].join('\n\n'),
  'coracao-em-paz': [
    'Encontre uma posição confortável e feche os olhos, se quiser. Coloque uma das mãos sobre o peito. Sinta o calor da sua mão e o movimento da respiração. Inspire devagar. E solte.',
    'Perceba o seu coração batendo, no ritmo dele, sem que você precise fazer nada. Ele cuida de você o tempo todo. Lembre-se, agora, das cobranças de hoje. As que vieram de fora e as que vieram de você. A cada vez que soltar o ar, imagine essas cobranças ficando mais leves. Você fez o que foi possível com o que tinha hoje.',
    'Repita comigo, em pensamento, com a mão no peito. Eu me trato com a mesma gentileza que ofereço a quem amo. Eu me perdoo pelo que não saiu como eu queria. Eu posso errar e continuar merecendo carinho. O meu coração pode descansar. Eu estou em paz comigo.',
    'Sinta a mão ainda sobre o peito, como um abraço. Respire fundo mais uma vez. E solte, bem devagar. Quando quiser, deixe a mão descansar e volte, com calma, ao seu dia.',
  ].join('\n\n'),
  'noite-serena': [
    'A noite chegou. Está tudo tranquilo. Deite-se de um jeito confortável e feche os olhos. Perceba a respiração, sem mudar nada. Agora, deixe cada respiração ficar um pouco mais lenta. Inspire, devagar. E solte, ainda mais devagar. Inspire. E solte, bem leve.',
    'Imagine um lugar onde você se sente em segurança. Pode ser um quarto conhecido, uma praia calma, uma casa no campo. Perceba os detalhes desse lugar. A luz suave. Os sons baixinhos. Aqui, nada precisa de você agora.',
    'Repita comigo, em pensamento. Eu estou em segurança. A minha respiração está lenta e leve. Eu deixo a noite cuidar de mim. Eu descanso em paz.',
    'Continue respirando devagar. Cada respiração, mais lenta. E mais leve. Boa noite.',
  ].join('\n\n'),
}
