import { A, B, Callout, H3, OL, P, UL } from '../components/prose'
import { LegalDocument, type LegalSection } from '../components/legal-document'

export interface LegalPageProps {
  productName: string
  supportEmail: string
}

export function privacySections(product: string, email: string): LegalSection[] {
  const mail = <A href={`mailto:${email}`}>{email}</A>
  return [
    {
      id: 'quem-somos',
      title: 'Quem somos e como falar com a gente',
      content: (
        <>
          <P>
            O {product} é um serviço por assinatura de áudios guiados de reprogramação mental, destinado a pessoas maiores de
            18 anos. Para os fins da LGPD, o {product} é o <B>controlador</B> dos dados pessoais tratados neste site e no app: é
            quem decide como e para que eles são usados.
          </P>
          <P>
            Nosso <B>encarregado pelo tratamento de dados pessoais (DPO)</B> recebe reclamações, dúvidas e pedidos dos
            titulares e comunicações da Autoridade Nacional de Proteção de Dados (ANPD) pelo e-mail {mail}.
          </P>
        </>
      ),
    },
    {
      id: 'dados-coletados',
      title: 'Quais dados coletamos',
      content: (
        <>
          <P>Coletamos apenas o necessário para oferecer o serviço, mantê-lo seguro e falar com você.</P>
          <H3>Dados da sua conta</H3>
          <P>
            E-mail, senha e, se você quiser, o nome pelo qual prefere ser chamado. A senha é guardada apenas em forma
            criptografada irreversível (hash): nem a nossa equipe consegue lê-la.
          </P>
          <H3>Assinatura e pagamento</H3>
          <P>
            Plano escolhido, situação da assinatura, datas de início, renovação e término, valores cobrados e os identificadores
            que o provedor de pagamento atribui a você. <B>Os dados do cartão</B> são digitados na página segura do provedor de
            pagamento, certificada pelo padrão PCI DSS: eles não passam pelos nossos servidores e não ficam guardados conosco.
          </P>
          <H3>Atividade no serviço</H3>
          <P>
            Quais áudios você ouve, repetições concluídas, progresso, favoritos, playlists e suas preferências de áudio (volume,
            repetição, música de fundo). Esses dados fazem o serviço funcionar e permitem que você continue de onde parou.
          </P>
          <H3>Lista de e-mails (inscrição gratuita)</H3>
          <P>
            Se você se inscreve na página de inscrição: nome, e-mail, WhatsApp (opcional), a área de interesse escolhida, os
            parâmetros de campanha do link que trouxe você (por exemplo, utm_source, que indica a origem do anúncio ou da
            publicação), além da data e do texto exato do consentimento que você deu.
          </P>
          <H3>Estatísticas de uso, sem dados pessoais</H3>
          <P>
            Registramos eventos de navegação, como páginas visitadas e cliques em botões, associados a um identificador aleatório
            criado no seu navegador e ao tipo de navegador (user agent). Esses eventos não contêm nome, e-mail, telefone ou
            documento: o próprio site remove esse tipo de informação antes do envio, e o servidor a descarta de novo por
            segurança. Quando você está conectado à sua conta, os eventos podem ser vinculados a ela para entendermos como o
            serviço é usado.
          </P>
          <H3>Registros de acesso</H3>
          <P>
            Endereço IP, data e hora de acesso ao serviço, que a lei nos obriga a guardar (Marco Civil da Internet, Lei nº
            12.965/2014, art. 15) e que também usamos para segurança, como limitar tentativas repetidas de login ou de cadastro.
          </P>
          <H3>Conversas com o suporte</H3>
          <P>As mensagens que você nos envia e as nossas respostas.</P>
          <Callout title="Dados que não pedimos">
            <p>
              Não pedimos dados sensíveis, como informações de saúde, religião ou orientação sexual. A área de interesse indica
              apenas o tema de conteúdo que você prefere: não é um diagnóstico e não é tratada como informação de saúde.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies e armazenamento no navegador',
      content: (
        <>
          <P>Não usamos cookies de publicidade nem rastreadores de redes de anúncios. Usamos apenas:</P>
          <UL>
            <li>
              <B>Cookie de sessão</B> (essencial): mantém você conectado à sua conta. Ele é protegido (HttpOnly) e não pode ser
              lido por scripts da página.
            </li>
            <li>
              <B>Armazenamento local do navegador</B> (localStorage): o identificador aleatório das estatísticas
              (sintonia:analytics-session), suas preferências de áudio, suas playlists, a última página visitada (para o app
              reabrir onde você estava), o estado da sua assinatura por alguns minutos e se você dispensou o convite para instalar
              o app.
            </li>
            <li>
              <B>Banco de dados do navegador</B> (IndexedDB): os áudios que você baixa para ouvir sem internet. Eles ficam apenas
              no seu aparelho.
            </li>
          </UL>
          <P>
            A página de pagamento do provedor e os vídeos de plataformas externas (como o YouTube), quando você os reproduz,
            podem usar cookies próprios, regidos pelas políticas desses serviços.
          </P>
          <P>
            Você pode apagar esses dados nas configurações do navegador a qualquer momento. Ao fazer isso, você sai da conta e
            os áudios baixados são removidos do aparelho.
          </P>
        </>
      ),
    },
    {
      id: 'finalidades',
      title: 'Para que usamos seus dados',
      content: (
        <UL>
          <li>Criar e manter sua conta e dar acesso aos áudios do seu plano.</li>
          <li>Processar a assinatura, as renovações, os cancelamentos e os reembolsos.</li>
          <li>Enviar mensagens sobre o serviço: confirmação de cadastro, recibos, avisos de renovação e alertas de segurança.</li>
          <li>
            Enviar conteúdos e novidades por e-mail e WhatsApp para quem se inscreveu na lista, enquanto o consentimento
            estiver valendo.
          </li>
          <li>Lembrar seu progresso e suas preferências, e permitir ouvir sem internet.</li>
          <li>Entender, de forma estatística, como o serviço é usado, para melhorá-lo.</li>
          <li>Proteger o serviço e você contra fraudes, abusos e acessos indevidos.</li>
          <li>Cumprir obrigações legais, fiscais e regulatórias e defender direitos em processos.</li>
        </UL>
      ),
    },
    {
      id: 'bases-legais',
      title: 'Bases legais (LGPD, art. 7º)',
      content: (
        <>
          <P>Cada uso dos seus dados se apoia em uma das hipóteses previstas na LGPD:</P>
          <UL>
            <li>
              <B>Execução de contrato</B> (art. 7º, V): conta, acesso aos áudios, assinatura, pagamentos, mensagens sobre o
              serviço, progresso, preferências e suporte.
            </li>
            <li>
              <B>Consentimento</B> (art. 7º, I): envio de conteúdos e novidades para a lista de e-mails e WhatsApp. Você pode
              revogá-lo quando quiser, sem custo; a revogação não afeta o que foi feito antes dela.
            </li>
            <li>
              <B>Legítimo interesse</B> (art. 7º, IX): estatísticas de uso sem dados pessoais, segurança, prevenção a fraudes e
              melhoria do serviço, sempre de forma proporcional, com o mínimo de dados e respeitando seus direitos e
              expectativas. Você pode se opor a esse uso (veja a seção sobre seus direitos).
            </li>
            <li>
              <B>Cumprimento de obrigação legal ou regulatória</B> (art. 7º, II): guarda de registros de acesso, documentos
              fiscais e atendimento a ordens de autoridades.
            </li>
            <li>
              <B>Exercício regular de direitos</B> (art. 7º, VI): guarda de informações necessárias para nos defender em
              processos judiciais, administrativos ou arbitrais.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      content: (
        <>
          <P>
            <B>Não vendemos nem alugamos seus dados.</B> Compartilhamos apenas o necessário com empresas que prestam serviços
            para nós (operadores), sob contrato, com dever de confidencialidade e obrigação de seguir a LGPD e as nossas
            instruções:
          </P>
          <UL>
            <li>
              <B>Processador de pagamentos</B>: recebe seus dados de cobrança para processar o pagamento, prevenir fraudes e
              gerenciar a assinatura.
            </li>
            <li>
              <B>Provedor de e-mail</B>: entrega as mensagens do serviço e, com seu consentimento, as da lista de conteúdos.
            </li>
            <li>
              <B>Hospedagem e infraestrutura</B>: servidores, banco de dados e armazenamento de arquivos onde o serviço funciona.
            </li>
          </UL>
          <P>
            Também podemos fornecer dados a autoridades públicas quando a lei ou uma ordem judicial exigir, e sempre apenas o que
            for exigido.
          </P>
        </>
      ),
    },
    {
      id: 'transferencia-internacional',
      title: 'Transferência internacional',
      content: (
        <P>
          Alguns dos nossos fornecedores podem armazenar ou processar dados fora do Brasil, por exemplo nos Estados Unidos ou na
          União Europeia. Nesses casos, a transferência só acontece nas hipóteses do art. 33 da LGPD, como para países com nível
          adequado de proteção ou com cláusulas-padrão contratuais aprovadas pela ANPD, garantindo a seus dados a mesma proteção
          que teriam aqui.
        </P>
      ),
    },
    {
      id: 'retencao',
      title: 'Por quanto tempo guardamos',
      content: (
        <>
          <UL>
            <li>
              <B>Conta, atividade e preferências</B>: enquanto sua conta existir. Quando você exclui a conta, esses dados são
              apagados ou anonimizados em até 30 dias, exceto o que a lei nos obriga a guardar.
            </li>
            <li>
              <B>Registros de pagamento e fiscais</B>: pelo prazo exigido pela legislação tributária, em regra 5 anos.
            </li>
            <li>
              <B>Registros de acesso</B> (IP, data e hora): 6 meses, como exige o Marco Civil da Internet, ou mais se uma
              autoridade pedir formalmente.
            </li>
            <li>
              <B>Lista de e-mails</B>: até você revogar o consentimento ou pedir a exclusão. O registro do consentimento é
              guardado pelo tempo necessário para comprovar que ele foi dado (LGPD, art. 8º, § 2º).
            </li>
            <li>
              <B>Estatísticas de uso</B>: até 24 meses; depois são apagadas ou mantidas apenas de forma agregada e anônima.
            </li>
          </UL>
          <P>
            Cópias de segurança seguem um ciclo próprio e são sobrescritas periodicamente; enquanto existirem, ficam protegidas e
            não são usadas para outras finalidades.
          </P>
        </>
      ),
    },
    {
      id: 'seguranca',
      title: 'Como protegemos seus dados',
      content: (
        <>
          <UL>
            <li>Conexão criptografada (HTTPS) em todas as páginas e no app.</li>
            <li>Senhas guardadas apenas em forma criptografada irreversível.</li>
            <li>Cookies de sessão protegidos contra leitura por scripts e uso indevido por outros sites.</li>
            <li>Acesso interno restrito a quem precisa, com permissões por função e verificação feita no servidor.</li>
            <li>Limites de tentativas para impedir ataques automatizados.</li>
            <li>Cópias de segurança e monitoramento do serviço.</li>
          </UL>
          <P>
            Nenhum sistema é totalmente invulnerável. Se acontecer um incidente de segurança que possa causar risco ou dano
            relevante a você, vamos avisar você e a ANPD, como determina o art. 48 da LGPD. Você também ajuda: use uma senha
            forte e exclusiva e não compartilhe sua conta.
          </P>
        </>
      ),
    },
    {
      id: 'seus-direitos',
      title: 'Seus direitos (LGPD, art. 18)',
      content: (
        <>
          <P>Você, como titular dos dados, tem direito a obter de nós, a qualquer momento e gratuitamente:</P>
          <OL>
            <li>
              <B>Confirmação</B> de que tratamos seus dados pessoais;
            </li>
            <li>
              <B>Acesso</B> aos seus dados;
            </li>
            <li>
              <B>Correção</B> de dados incompletos, inexatos ou desatualizados;
            </li>
            <li>
              <B>Anonimização, bloqueio ou eliminação</B> de dados desnecessários, excessivos ou tratados em desconformidade com
              a LGPD;
            </li>
            <li>
              <B>Portabilidade</B> dos seus dados a outro fornecedor de serviço ou produto, mediante requisição expressa,
              observados os segredos comercial e industrial e a regulamentação da ANPD;
            </li>
            <li>
              <B>Eliminação</B> dos dados tratados com base no seu consentimento, exceto nos casos de guarda previstos no art. 16
              da LGPD;
            </li>
            <li>
              <B>Informação sobre compartilhamento</B>: com quais entidades públicas e privadas compartilhamos seus dados;
            </li>
            <li>
              <B>Informação sobre a possibilidade de não dar consentimento</B> e sobre as consequências dessa escolha;
            </li>
            <li>
              <B>Revogação do consentimento</B>, a qualquer momento, de forma gratuita e facilitada (art. 8º, § 5º).
            </li>
          </OL>
          <P>
            Você também pode <B>se opor</B> a um tratamento feito com base em outra hipótese legal, como o legítimo interesse, se
            ele não cumprir a LGPD (art. 18, § 2º), e <B>peticionar à ANPD</B> contra nós (art. 18, § 1º). Não tomamos decisões
            baseadas unicamente em tratamento automatizado que afetem seus interesses; se isso mudar, você poderá pedir a
            revisão dessas decisões (art. 20).
          </P>
        </>
      ),
    },
    {
      id: 'como-exercer',
      title: 'Como exercer seus direitos',
      content: (
        <>
          <UL>
            <li>
              <B>Na sua conta</B>: em <A href="/minha-conta">Minha conta</A> você baixa uma cópia dos seus dados (exportação) e exclui sua conta por
              conta própria, quando quiser.
            </li>
            <li>
              <B>Por e-mail</B>: escreva para {mail}, de preferência a partir do e-mail cadastrado, dizendo qual direito quer
              exercer. Se for preciso, pediremos uma confirmação para ter certeza de que o pedido é seu.
            </li>
            <li>
              <B>Lista de e-mails</B>: para sair, responda a qualquer mensagem nossa pedindo o descadastro ou escreva para {mail}.
            </li>
          </UL>
          <P>
            O atendimento é gratuito. A confirmação de tratamento e o acesso em formato simplificado são fornecidos de imediato;
            a declaração completa, em até 15 dias a partir do seu pedido (LGPD, art. 19). Se não pudermos atender algum pedido,
            explicaremos o motivo, por exemplo uma obrigação legal de guarda.
          </P>
          <P>
            Se achar que não resolvemos sua questão, você pode procurar a Autoridade Nacional de Proteção de Dados em{' '}
            <A href="https://www.gov.br/anpd">www.gov.br/anpd</A>.
          </P>
        </>
      ),
    },
    {
      id: 'menores',
      title: 'Menores de idade',
      content: (
        <P>
          O {product} é destinado a maiores de 18 anos, e não coletamos intencionalmente dados de crianças ou adolescentes. Se
          soubermos que isso aconteceu, apagaremos os dados. Se você é responsável por um menor e acredita que ele nos forneceu
          dados, fale com a gente em {mail}.
        </P>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações desta política',
      content: (
        <P>
          Podemos atualizar esta política para refletir mudanças no serviço ou na lei. A data da última atualização fica no topo
          da página. Quando a mudança for relevante, avisaremos por e-mail ou no próprio serviço antes de ela valer e, se a
          mudança depender do seu consentimento, pediremos de novo.
        </P>
      ),
    },
  ]
}

/** `/privacy`: the privacy policy (LGPD). */
export function PrivacyPolicyPage({ productName, supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      current="privacy"
      productName={productName}
      supportEmail={supportEmail}
      eyebrow="Privacidade"
      title="Política de Privacidade"
      intro={
        <>
          <p>
            Esta política explica, de forma direta, como o {productName} coleta, usa, compartilha e protege seus dados pessoais,
            de acordo com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, a LGPD) e o Marco Civil da Internet.
          </p>
          <p className="text-base text-ink-muted">
            Prefere um resumo? Veja <A href="/lgpd">seus direitos na LGPD em linguagem simples</A>.
          </p>
        </>
      }
      sections={privacySections(productName, supportEmail)}
    />
  )
}
