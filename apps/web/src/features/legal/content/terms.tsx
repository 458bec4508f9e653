import { A, B, Callout, P, UL } from '../components/prose'
import { LegalDocument, type LegalSection } from '../components/legal-document'
import type { LegalPageProps } from './privacy-policy'

export function termsSections(product: string, email: string): LegalSection[] {
  const mail = <A href={`mailto:${email}`}>{email}</A>
  return [
    {
      id: 'aceitacao',
      title: 'Aceitação destes termos',
      content: (
        <P>
          Estes Termos de Uso regem o uso do {product}. Ao criar uma conta, assinar um plano ou usar o serviço, você declara que
          leu e concorda com eles e com a <A href="/privacy">Política de Privacidade</A>. Se não concordar, não use o serviço.
        </P>
      ),
    },
    {
      id: 'servico',
      title: 'O serviço',
      content: (
        <>
          <P>
            O {product} oferece, por assinatura, uma biblioteca de áudios guiados de reprogramação mental organizada em campos de
            desenvolvimento (como foco, autoconfiança e sono), com programas de 21 dias de cerca de 20 minutos por dia. O serviço
            funciona no navegador, pode ser instalado no celular como app e permite baixar áudios para ouvir sem internet
            enquanto a assinatura estiver ativa.
          </P>
          <P>
            Também oferecemos, sem custo, uma demonstração e uma lista de e-mails com conteúdos. O acervo é atualizado
            continuamente: áudios podem ser incluídos, revisados ou retirados, sem reduzir de forma relevante o que foi
            contratado.
          </P>
        </>
      ),
    },
    {
      id: 'elegibilidade',
      title: 'Quem pode usar',
      content: (
        <P>
          O serviço é destinado exclusivamente a pessoas <B>maiores de 18 anos</B> e capazes de contratar. Ao se cadastrar, você
          confirma que cumpre esses requisitos e que as informações que fornece são verdadeiras.
        </P>
      ),
    },
    {
      id: 'conta',
      title: 'Sua conta',
      content: (
        <UL>
          <li>A conta é pessoal e intransferível. Não compartilhe sua senha nem o acesso com outras pessoas.</li>
          <li>Você é responsável por manter sua senha em segurança e pelo que for feito com a sua conta.</li>
          <li>Se suspeitar de uso indevido, troque a senha e nos avise imediatamente em {mail}.</li>
          <li>Mantenha seu e-mail atualizado: é por ele que enviamos recibos e avisos importantes.</li>
        </UL>
      ),
    },
    {
      id: 'assinatura',
      title: 'Planos, pagamento e renovação',
      content: (
        <UL>
          <li>
            Oferecemos planos <B>trimestral, semestral e anual</B>. O preço, o valor total e o que está incluído são mostrados
            antes de você confirmar a compra.
          </li>
          <li>
            O pagamento é feito com cartão, na página segura do nosso processador de pagamentos, e é cobrado
            <B> antecipadamente</B> pelo período do plano.
          </li>
          <li>
            A assinatura <B>renova automaticamente</B> ao fim de cada período, pelo mesmo prazo, até que você cancele. Para não
            ser cobrado de novo, cancele antes da data de renovação, que fica visível na sua conta.
          </li>
          <li>
            Se o preço mudar, avisaremos por e-mail com pelo menos 30 dias de antecedência, e o novo valor só vale a partir da
            renovação seguinte ao aviso. Se não concordar, basta cancelar antes dela.
          </li>
          <li>
            Se um pagamento for recusado, avisaremos você; se não for regularizado, o acesso pode ser suspenso até que seja.
          </li>
        </UL>
      ),
    },
    {
      id: 'cancelamento',
      title: 'Cancelamento',
      content: (
        <>
          <P>
            Você pode cancelar quando quiser, sem multa, em <B>Minha conta</B> (no portal de gerenciamento da assinatura) ou
            pelo e-mail {mail}. O cancelamento interrompe as próximas renovações, e você continua com acesso até o fim do período
            já pago.
          </P>
          <P>
            Fora das situações de arrependimento e garantia descritas a seguir, não há reembolso proporcional do período em
            curso, salvo quando a lei determinar ou quando a falha for nossa.
          </P>
        </>
      ),
    },
    {
      id: 'arrependimento-e-garantia',
      title: 'Direito de arrependimento e garantia',
      content: (
        <>
          <P>
            Como a contratação é feita pela internet, você pode <B>desistir em até 7 dias</B> a contar da assinatura, sem
            precisar justificar, e recebe de volta <B>todo o valor pago</B>, como garante o art. 49 do Código de Defesa do
            Consumidor (Lei nº 8.078/1990).
          </P>
          <P>
            Além disso, oferecemos uma <B>garantia de satisfação</B>: dentro do prazo informado na página de planos e no momento
            da compra, que nunca é menor que 7 dias, você pode pedir o reembolso integral se o {product} não for para você.
          </P>
          <P>
            Para usar esses direitos, cancele em Minha conta ou escreva para {mail}. O estorno é feito no mesmo meio de pagamento;
            o prazo para aparecer na fatura depende da operadora do cartão e pode levar até duas faturas.
          </P>
        </>
      ),
    },
    {
      id: 'uso-aceitavel',
      title: 'Uso aceitável',
      content: (
        <>
          <P>O acesso é para uso pessoal e não comercial. Não é permitido:</P>
          <UL>
            <li>compartilhar a conta ou revender o acesso;</li>
            <li>
              copiar, gravar, baixar fora do recurso de uso offline do app, redistribuir, publicar ou exibir publicamente os
              áudios e demais conteúdos;
            </li>
            <li>usar robôs, raspagem de dados ou qualquer meio automatizado para acessar o serviço;</li>
            <li>contornar controles de acesso, tentar engenharia reversa ou sobrecarregar o serviço;</li>
            <li>usar o serviço para qualquer finalidade ilegal ou que prejudique outras pessoas.</li>
          </UL>
          <P>
            Os áudios baixados para uso offline ficam disponíveis apenas dentro do app e enquanto a assinatura estiver ativa.
            Em caso de violação, podemos suspender ou encerrar a conta, avisando você sempre que possível.
          </P>
        </>
      ),
    },
    {
      id: 'propriedade-intelectual',
      title: 'Propriedade intelectual',
      content: (
        <P>
          Os áudios, textos, músicas, marcas, o visual e o software do {product} são protegidos pela Lei de Direitos Autorais
          (Lei nº 9.610/1998) e pela Lei de Propriedade Industrial (Lei nº 9.279/1996). A assinatura dá a você uma licença
          pessoal, limitada, não exclusiva e intransferível para ouvir o conteúdo pelo serviço enquanto ela estiver ativa. Nenhum
          direito de propriedade é transferido a você.
        </P>
      ),
    },
    {
      id: 'aviso-de-saude',
      title: 'Aviso importante sobre saúde',
      content: (
        <>
          <Callout tone="gold" title={`O ${product} não substitui tratamento profissional`}>
            <p>
              Os áudios são práticas de bem-estar e desenvolvimento pessoal. Eles não são tratamento médico, psicológico ou
              psiquiátrico, não fazem diagnóstico e não substituem o acompanhamento de profissionais de saúde. Não interrompa
              tratamentos ou medicamentos por conta própria.
            </p>
          </Callout>
          <UL>
            <li>
              <B>Não ouça enquanto dirige</B>, opera máquinas ou faz qualquer atividade que exija atenção: alguns áudios induzem
              relaxamento profundo e sonolência.
            </li>
            <li>
              Se você tem epilepsia, transtorno psiquiátrico ou outra condição de saúde, converse com seu médico ou psicólogo
              antes de começar.
            </li>
            <li>Os resultados variam de pessoa para pessoa e não podem ser garantidos.</li>
            <li>
              Se você estiver em sofrimento intenso ou pensando em se machucar, procure ajuda agora: ligue para o{' '}
              <B>CVV, no 188</B> (gratuito, 24 horas, também em <A href="https://cvv.org.br">cvv.org.br</A>), para o{' '}
              <B>SAMU, no 192</B>, ou vá ao pronto-socorro mais próximo.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'disponibilidade',
      title: 'Disponibilidade do serviço',
      content: (
        <P>
          Trabalhamos para que o serviço fique disponível o tempo todo, mas podem ocorrer interrupções para manutenção,
          atualizações ou por falhas de terceiros, como provedores de internet. Sempre que possível, avisaremos as manutenções
          programadas com antecedência.
        </P>
      ),
    },
    {
      id: 'responsabilidade',
      title: 'Limitação de responsabilidade',
      content: (
        <>
          <P>
            Respondemos pelo serviço nos termos da lei brasileira. Na medida permitida por ela, não respondemos por danos
            causados por uso em desacordo com estes termos ou com o aviso de saúde, por falhas do seu aparelho ou da sua conexão,
            por serviços de terceiros que não controlamos, nem por decisões que você tomar com base no conteúdo.
          </P>
          <P>
            Nada nestes termos afasta ou limita os direitos que o Código de Defesa do Consumidor garante a você.
          </P>
        </>
      ),
    },
    {
      id: 'encerramento',
      title: 'Encerramento da conta',
      content: (
        <P>
          Você pode excluir sua conta a qualquer momento em Minha conta; os dados são tratados como descrito na Política de
          Privacidade. Podemos encerrar contas que violem estes termos. Se encerrarmos o serviço, avisaremos com antecedência
          razoável e reembolsaremos proporcionalmente os períodos pagos e não usufruídos.
        </P>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações destes termos',
      content: (
        <P>
          Podemos atualizar estes termos. Mudanças relevantes serão avisadas por e-mail ou no serviço com pelo menos 30 dias de
          antecedência. Se você não concordar, pode cancelar antes de elas entrarem em vigor; continuar usando o serviço depois
          disso significa que você as aceitou.
        </P>
      ),
    },
    {
      id: 'lei-e-foro',
      title: 'Lei aplicável e foro',
      content: (
        <P>
          Estes termos seguem as leis da República Federativa do Brasil. Eventuais conflitos serão resolvidos no foro do seu
          domicílio, como garante o Código de Defesa do Consumidor (art. 101, I). Antes disso, fale com a gente: a maioria das
          questões se resolve rápido pelo e-mail {mail}. Você também pode registrar uma reclamação em{' '}
          <A href="https://www.consumidor.gov.br">consumidor.gov.br</A> ou no Procon da sua cidade.
        </P>
      ),
    },
  ]
}

/** `/terms`: terms of use of the subscription service. */
export function TermsPage({ productName, supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      current="terms"
      productName={productName}
      supportEmail={supportEmail}
      eyebrow="Termos"
      title="Termos de Uso"
      intro={
        <p>
          Estas são as regras para usar o {productName}: o que oferecemos, como funcionam a assinatura, a renovação e o
          cancelamento, quais são os seus direitos como consumidor e os cuidados que pedimos com a sua saúde.
        </p>
      }
      sections={termsSections(productName, supportEmail)}
    />
  )
}
