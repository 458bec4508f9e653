/** The element React renders into. A missing root is a broken page: fail loudly. */
export function getRootElement(doc: Document = document, id = 'root'): HTMLElement {
  const element = doc.getElementById(id)
  if (!element) {
    throw new Error(`Elemento raiz "#${id}" não encontrado: o index.html precisa conter <div id="${id}"></div>.`)
  }
  return element
}
