/** What the daily practice says to a person (docs/product/practice.md), in one place for web and API. */
export const PRACTICE_MSG = {
  programNotFound: 'Programa não encontrado',
  notEnrolled: 'Você não está neste programa',
  alreadyEnrolled: 'Você já está neste programa',
  invalidTimeZone: 'Fuso horário inválido',
  nothingToUpdate: 'Nenhuma alteração enviada.',
  pushNotConfigured: 'Lembretes por notificação não estão disponíveis neste servidor',
  reminderNotFound: 'Lembrete não encontrado',
  pushEndpointInvalid: 'Este navegador enviou uma inscrição de notificação que não podemos usar. Tente de novo ou use o e-mail.',
  pushServiceNotAllowed:
    'As notificações deste navegador passam por um serviço que não aceitamos. Use o Chrome, o Firefox, o Edge ou o Safari, ou receba os lembretes por e-mail.',
  unsubscribed: 'Pronto: você não receberá mais lembretes por e-mail.',
  unsubscribeInvalid: 'Este link de cancelamento não é válido.',
  reminderTitle: 'Hora da sua prática',
  reminderBody: (day: number, days: number, program: string) => `Dia ${day} de ${days} · ${program}. Reserve alguns minutos para você.`,
  reminderBodyFree: 'Reserve alguns minutos para você hoje.',
  reminderEmailSubject: 'Sua prática de hoje está esperando',
  admin: {
    titleRequired: 'Informe o título do programa',
    titleTooLong: 'O título pode ter no máximo 120 caracteres',
    descriptionTooLong: 'A descrição pode ter no máximo 2000 caracteres',
    intentionTooLong: 'A intenção do dia pode ter no máximo 600 caracteres',
    tooManyItems: 'Cada dia pode ter no máximo 8 áudios',
    daysRange: 'Um programa tem de 1 a 60 dias',
    audioRequired: 'Escolha um áudio',
    repetitionsRange: 'As repetições vão de 1 a 30',
    audioMissing: 'Um dos áudios escolhidos não existe mais',
    incompleteToPublish: (days: number[]) =>
      days.length === 1
        ? `Para publicar, o dia ${days[0]} precisa de uma intenção e de pelo menos um áudio`
        : `Para publicar, os dias ${days.join(', ')} precisam de uma intenção e de pelo menos um áudio`,
    rangeInverted: 'A data final deve ser igual ou posterior à inicial',
    orderMismatch: 'A ordem enviada não corresponde aos programas existentes',
    audioInProgram: 'Este áudio faz parte de um programa. Retire-o do programa antes de excluí-lo.',
  },
} as const
