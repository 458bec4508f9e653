import { A, B, Callout, OL, P, UL } from '../components/prose'
import { LegalDocument, type LegalSection } from '../components/legal-document'
import type { LegalPageProps } from './privacy-policy'

export function lgpdSections(product: string, email: string): LegalSection[] {
  const mail = <A href={`mailto:${email}`}>{email}</A>
  return [
    {
      id: 'essencial',
      title: 'O essencial em um minuto',
      content: (
        <UL>
          <li>Coletamos só o necessário para o serviço funcionar, ficar seguro e falar com você.</li>
          <li>
            <B>Não vendemos seus dados.</B> Eles só vão para empresas que nos ajudam a operar o serviço (pagamento, e-mail e
            hospedagem), sob contrato.
          </li>
          <li>Os dados do seu cartão ficam com o processador de pagamentos, não com a gente.</li>
          <li>Nossas estatísticas de uso não levam nome, e-mail nem telefone.</li>
          <li>Só enviamos conteúdos da lista de e-mails com o seu consentimento, e você pode retirá-lo quando quiser.</li>
          <li>Em Minha conta você baixa uma cópia dos seus dados e exclui sua conta sozinho, quando quiser.</li>
        </UL>
      ),
    },
    {
      id: 'seus-direitos',
      title: 'Seus direitos, em palavras simples',
      content: (
        <>
          <P>A Lei Geral de Proteção de Dados (art. 18) garante que você pode, de graça e quando quiser:</P>
          <OL>
            <li>
              <B>Saber</B> se tratamos dados seus;
            </li>
            <li>
              <B>Ver</B> quais dados temos sobre você;
            </li>
            <li>
              <B>Corrigir</B> dados incompletos, errados ou desatualizados;
            </li>
            <li>
              <B>Pedir que apaguemos, bloqueemos ou anonimizemos</B> dados desnecessários, excessivos ou usados fora da lei;
            </li>
            <li>
              <B>Levar seus dados</B> para outro serviço (portabilidade);
            </li>
            <li>
              <B>Apagar</B> os dados que usamos com base no seu consentimento;
            </li>
            <li>
              <B>Saber com quem</B> compartilhamos seus dados;
            </li>
            <li>
              <B>Saber que pode dizer não</B> ao consentimento, e o que acontece se disser;
            </li>
            <li>
              <B>Retirar o consentimento</B> que você deu, a qualquer momento.
            </li>
          </OL>
          <P>
            Você também pode <B>se opor</B> a um uso dos seus dados que não cumpra a lei e <B>reclamar à ANPD</B>, a Autoridade
            Nacional de Proteção de Dados.
          </P>
        </>
      ),
    },
    {
      id: 'como-exercer',
      title: 'Como usar seus direitos',
      content: (
        <>
          <OL>
            <li>
              <B>Pela sua conta:</B> entre no {product} e abra <A href="/minha-conta">Minha conta</A>. Lá você baixa seus dados (exportação) e exclui
              a conta.
            </li>
            <li>
              <B>Por e-mail:</B> escreva para {mail}, se possível a partir do e-mail cadastrado, e diga o que você quer. Se
              precisarmos confirmar que o pedido é seu, avisaremos.
            </li>
            <li>
              <B>Prazo:</B> a confirmação e o acesso simples são imediatos; a resposta completa chega em até 15 dias.
            </li>
          </OL>
          <Callout title="Quer sair da lista de e-mails?">
            <p>
              Responda a qualquer mensagem nossa pedindo o descadastro ou escreva para {mail}. Paramos de enviar assim que
              recebemos o pedido.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: 'se-algo-der-errado',
      title: 'Se algo der errado',
      content: (
        <>
          <P>
            Se acontecer um incidente de segurança que possa trazer risco a você, avisaremos você e a ANPD, como manda a lei.
          </P>
          <P>
            Se não ficar satisfeito com a nossa resposta a um pedido, você pode reclamar à ANPD em{' '}
            <A href="https://www.gov.br/anpd">www.gov.br/anpd</A>.
          </P>
        </>
      ),
    },
    {
      id: 'encarregado',
      title: 'Encarregado de dados (DPO)',
      content: (
        <P>
          O encarregado é a pessoa que cuida da proteção de dados no {product} e responde a você e à ANPD. Fale com ele pelo
          e-mail {mail}. Todos os detalhes estão na <A href="/privacy">Política de Privacidade</A>.
        </P>
      ),
    },
  ]
}

/** `/lgpd`: a plain-language summary of the LGPD rights and how to use them. */
export function LgpdPage({ productName, supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      current="lgpd"
      productName={productName}
      supportEmail={supportEmail}
      eyebrow="LGPD"
      title="Seus dados, seus direitos"
      intro={
        <>
          <p>
            Um resumo simples de como o {productName} cuida dos seus dados pessoais e de como você usa os direitos que a Lei
            Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018) garante a você.
          </p>
          <p className="text-base text-ink-muted">
            A versão completa está na <A href="/privacy">Política de Privacidade</A>.
          </p>
        </>
      }
      sections={lgpdSections(productName, supportEmail)}
    />
  )
}
