/** pt-BR texts of the realtime indicators. */
export const REALTIME_UI_MSG = {
  connected: 'Tempo real',
  connectedHint: 'Alterações de outros administradores aparecem aqui sem recarregar.',
  connecting: 'Conectando…',
  connectingHint: 'Conectando ao servidor para receber alterações em tempo real.',
  disconnected: 'Sem tempo real',
  disconnectedHint: 'Sem conexão em tempo real: recarregue a página para ver alterações recentes.',
  retry: 'Reconectar',
  presenceTitle: 'Administradores online',
  presenceDescription: 'Quem está na área administrativa agora.',
  presenceEmpty: 'Só você está aqui agora.',
  presenceOffline: 'A lista volta assim que a conexão em tempo real voltar.',
  you: 'você',
  othersOnline: (count: number) => (count === 1 ? '1 outro administrador online' : `${count} outros administradores online`),
  since: (time: string) => `desde ${time}`,
} as const
