/** `/admin/garantia`: refund requests and the guarantee days setting. */
export { GuaranteePage } from './components/guarantee-page'
