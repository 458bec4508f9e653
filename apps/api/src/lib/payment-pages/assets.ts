/**
 * The look of our server-rendered payment pages — the sandbox provider's hosted pages and our
 * Asaas page (ADR 029): one stylesheet and one small script, served as files so the pages carry no
 * inline script or style and pass a strict Content-Security-Policy, and the document around them.
 * The pages work without the script; it fills a test card on click, formats the card fields,
 * copies codes and lets a waiting Pix or boleto page go on by itself.
 */
import type { FastifyInstance } from 'fastify'
import { escapeHtml as e } from '../mail/index.js'

export const PAYMENT_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f4f3f8;color:#1f1d2b;line-height:1.5}
a{color:#5b3fd9}
.banner{background:#fff4d6;color:#6b4b00;border-bottom:1px solid #f1d48a;font-size:14px;padding:8px 16px;text-align:center}
.banner strong{font-weight:700}
.shell{max-width:980px;margin:0 auto;padding:0 16px}
.shell.top{padding-top:20px}
main.grid,main.card{margin-bottom:8px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:20px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px}
.brand-mark{width:32px;height:32px;border-radius:10px;background:linear-gradient(135deg,#6d4aff,#9b7bff);display:inline-block}
.secure{font-size:13px;color:#5c5a6b;display:flex;align-items:center;gap:6px;white-space:nowrap}
@media(max-width:420px){.secure .wide{display:none}}
.grid{display:grid;gap:20px;grid-template-columns:minmax(0,1fr);grid-template-areas:"summary" "pay" "extra"}
.area-summary{grid-area:summary}.area-pay{grid-area:pay}.area-extra{grid-area:extra}
@media(min-width:860px){.grid{grid-template-columns:minmax(0,5fr) minmax(0,7fr);grid-template-areas:"summary pay" "extra pay";grid-template-rows:auto 1fr;align-items:start}.area-pay{grid-row:1 / span 2}}
.card{background:#fff;border:1px solid #e6e3f0;border-radius:16px;padding:24px;box-shadow:0 1px 2px rgba(31,29,43,.04)}
.muted{color:#5c5a6b}
.small{font-size:13px}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:0 0 12px}
.amount{font-size:32px;font-weight:700;margin:8px 0 0;letter-spacing:-.5px}
.row{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-top:1px solid #efedf5;font-size:14px}
.row>*{min-width:0}.row>:first-child{white-space:nowrap}.row>:last-child{text-align:right;overflow-wrap:anywhere}
.row:first-of-type{border-top:0}
.tabs{display:flex;gap:8px;margin-bottom:20px;border-bottom:1px solid #e6e3f0}
.tab{padding:10px 14px;text-decoration:none;color:#5c5a6b;border-bottom:2px solid transparent;font-weight:600;margin-bottom:-1px}
.tab[aria-current="page"]{color:#1f1d2b;border-color:#6d4aff}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
.field{margin-bottom:16px}
input,select{width:100%;font:inherit;font-size:16px;padding:11px 12px;border:1px solid #cfcbe0;border-radius:10px;background:#fff;color:inherit}
input:focus,select:focus{outline:2px solid #6d4aff;outline-offset:1px;border-color:#6d4aff}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:100%;font:inherit;font-weight:700;font-size:16px;padding:13px 16px;border-radius:10px;border:0;background:#6d4aff;color:#fff;cursor:pointer;text-decoration:none}
.btn:hover{background:#5b3fd9}
.btn:focus-visible{outline:3px solid #1f1d2b;outline-offset:2px}
.btn.secondary{background:#fff;color:#1f1d2b;border:1px solid #cfcbe0}
.btn.secondary:hover{background:#f4f3f8}
.btn.danger{background:#fff;color:#a3222d;border:1px solid #e9b9bd}
.btn.inline{width:auto}
.alert{border-radius:10px;padding:12px 14px;margin-bottom:16px;font-size:14px}
.alert.error{background:#fdecee;color:#8c1d27;border:1px solid #f3c1c6}
.alert.ok{background:#e9f7ef;color:#1c5e37;border:1px solid #bfe5cf}
.cancel{display:block;text-align:center;margin-top:14px;font-size:14px}
.cards{list-style:none;margin:0;padding:0}
.cards li{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:8px 0;border-top:1px solid #efedf5;font-size:13px}
.cards li:first-child{border-top:0}
.cards code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;white-space:nowrap}
.use{font:inherit;font-size:12px;padding:4px 8px;border-radius:8px;border:1px solid #cfcbe0;background:#fff;cursor:pointer}
.qr{display:flex;justify-content:center;margin:8px 0 16px}
.qr svg{width:220px;height:220px;max-width:100%}
.payload{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;word-break:break-all;background:#f4f3f8;border-radius:8px;padding:10px;margin-bottom:16px}
.payload.line{word-break:normal;overflow-wrap:anywhere;font-size:13px}
.waiting{display:flex;align-items:center;gap:10px;justify-content:center;font-weight:600;margin:16px 0}
.waiting::before{content:"";width:14px;height:14px;border-radius:50%;border:2px solid #cfcbe0;border-top-color:#6d4aff;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media(prefers-reduced-motion:reduce){.waiting::before{animation:none}}
.badge{display:inline-block;font-size:12px;font-weight:700;padding:3px 10px;border-radius:999px;background:#e9f7ef;color:#1c5e37}
.badge.warn{background:#fff4d6;color:#6b4b00}
.badge.off{background:#efedf5;color:#5c5a6b}
.stack>*+*{margin-top:16px}
.narrow{max-width:560px;margin-left:auto;margin-right:auto}
.center{text-align:center}
.actions{display:grid;gap:10px}
.backlink{display:inline-block;font-size:14px;margin-bottom:12px;text-decoration:none}
.backlink:hover{text-decoration:underline}
.foot{margin-top:24px;padding-bottom:40px;text-align:center;font-size:12px;color:#5c5a6b}
`

export const PAYMENT_PAGE_JS = `(function(){
  function digits(v){return v.replace(/\\D/g,'')}
  var number=document.getElementById('card-number');
  var expiry=document.getElementById('card-expiry');
  var cvc=document.getElementById('card-cvc');
  if(number){number.addEventListener('input',function(){var d=digits(number.value).slice(0,19);number.value=d.replace(/(\\d{4})(?=\\d)/g,'$1 ');});}
  if(expiry){expiry.addEventListener('input',function(){var d=digits(expiry.value).slice(0,4);expiry.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});}
  document.querySelectorAll('[data-card]').forEach(function(button){
    button.addEventListener('click',function(){
      if(!number)return;
      number.value=button.getAttribute('data-card');
      if(expiry&&!expiry.value){var y=(new Date().getFullYear()+3)%100;expiry.value='12/'+(y<10?'0':'')+y;}
      if(cvc&&!cvc.value){cvc.value='123';}
      number.focus();
    });
  });
  document.querySelectorAll('[data-copy]').forEach(function(button){
    button.addEventListener('click',function(){
      if(!navigator.clipboard)return;
      navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function(){button.textContent=button.getAttribute('data-copied')||'Código copiado';});
    });
  });
  // The Pix and boleto pages wait for the bank: they ask every 2 s and go on by themselves once paid.
  var wait=document.querySelector('[data-pix-wait]');
  if(wait){
    var statusUrl=wait.getAttribute('data-pix-wait');
    var ask=function(){
      fetch(statusUrl,{cache:'no-store'}).then(function(r){return r.ok?r.json():null}).then(function(s){
        if(s&&s.status==='complete'&&s.redirectUrl){location.assign(s.redirectUrl);return;}
        var boleto=wait.hasAttribute('data-boleto');
        if(s&&(s.status==='expired'||(boleto?s.boletoExpired:s.pixExpired))){location.reload();return;}
        setTimeout(ask,2000);
      },function(){setTimeout(ask,2000);});
    };
    setTimeout(ask,2000);
  }
  document.querySelectorAll('form[data-once]').forEach(function(form){
    form.addEventListener('submit',function(){var b=form.querySelector('button[type=submit]');if(b){b.setAttribute('aria-busy','true');b.textContent='Processando...';setTimeout(function(){b.disabled=true},0);}});
  });
})();
`

/** Serves the stylesheet and script as `{prefix}/{name}.css` and `{prefix}/{name}.js`. */
export function servePaymentPageAssets(app: FastifyInstance, prefix: string, name: string): void {
  app.get(`${prefix}/${name}.css`, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(PAYMENT_PAGE_CSS),
  )
  app.get(`${prefix}/${name}.js`, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(PAYMENT_PAGE_JS),
  )
}

/**
 * A payment page's document (pt-BR, no index, the product's icon so the browser asks for no
 * /favicon.ico): the assets at `{assets}.css` / `{assets}.js`, then the page's own header, body
 * and footer.
 */
export function paymentPageDocument(input: { title: string; assets: string; header: string; body: string; footer?: string }): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(input.title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${input.assets}.css">
</head>
<body>
<header>
${input.header}
</header>
<div class="shell">
${input.body}
</div>
${input.footer ?? ''}
<script src="${input.assets}.js" defer></script>
</body>
</html>`
}
