/**
 * The typed endpoints of the API: method, path and the schemas of the body and of the success
 * answer. The web client takes an endpoint and returns that answer's type; the API's contract test
 * checks that every endpoint is served with this very answer schema (docs/architecture.md#contract).
 */
import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** A fixed path, or a function of the path's parameters (ids, codes). */
export type EndpointPath = string | ((...params: never[]) => string)

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends EndpointPath = EndpointPath,
  Response extends z.ZodType | null = z.ZodType | null,
  Body extends z.ZodType | null = z.ZodType | null,
> {
  readonly method: Method
  readonly path: Path
  /** The success answer; null when the answer is empty (204). */
  readonly response: Response
  /** The request body; null when the endpoint takes none. */
  readonly body: Body
}

/** What the endpoint answers on success. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void
/** What the caller sends (before the server's defaults and trimming). */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never
/** The path's parameters, in order. */
export type ParamsOf<E extends Endpoint> = E['path'] extends (...params: infer P) => string ? P : []

function endpointOf<M extends HttpMethod>(method: M) {
  return <P extends EndpointPath, R extends z.ZodType | null, B extends z.ZodType | null = null>(
    path: P,
    response: R,
    body: B = null as B,
  ): Endpoint<M, P, R, B> => ({ method, path, response, body })
}

export const get = endpointOf('GET')
export const post = endpointOf('POST')
export const put = endpointOf('PUT')
export const patch = endpointOf('PATCH')
export const del = endpointOf('DELETE')

/** The concrete URL of an endpoint for these parameters. */
export function endpointPath<E extends Endpoint>(endpoint: E, ...params: ParamsOf<E>): string {
  const { path } = endpoint
  return typeof path === 'string' ? path : (path as (...args: unknown[]) => string)(...params)
}
