/**
 * The typed endpoints of the API: method, path, and the types of the body and of the success
 * answer. The descriptors carry the schemas' types only, so a page that calls an endpoint does not
 * load zod; the schemas themselves are listed once beside them (ENDPOINT_SCHEMAS), used by the API's
 * contract test and by the web client's answer check outside production (docs/architecture.md#the-contract).
 */
import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** A fixed path, or a function of the path's parameters (ids, codes). */
export type EndpointPath = string | ((...params: never[]) => string)
type MaybeSchema = z.ZodType | null

declare const carried: unique symbol
/** A schema's type, carried without the schema. */
export interface SchemaType<S extends MaybeSchema> {
  readonly [carried]?: S
}
/** `schema<typeof fieldListSchema>()`: names the schema of an answer or a body by its type alone. */
export function schema<S extends z.ZodType>(): SchemaType<S> {
  return {}
}

export interface Endpoint<Method extends HttpMethod = HttpMethod, Path extends EndpointPath = EndpointPath, Response extends MaybeSchema = MaybeSchema, Body extends MaybeSchema = MaybeSchema> {
  readonly method: Method
  readonly path: Path
  /** The success answer's schema type; null when the answer is empty (204). */
  readonly response: SchemaType<Response>
  /** The request body's schema type; null when the endpoint takes none. */
  readonly body: SchemaType<Body>
}

type ResponseSchemaOf<E> = E extends Endpoint<HttpMethod, EndpointPath, infer R, MaybeSchema> ? R : never
type BodySchemaOf<E> = E extends Endpoint<HttpMethod, EndpointPath, MaybeSchema, infer B> ? B : never

/** What the endpoint answers on success. */
export type ResponseOf<E extends Endpoint> = ResponseSchemaOf<E> extends z.ZodType ? z.output<ResponseSchemaOf<E>> : void
/** What the caller sends (before the server's defaults and trimming). */
export type BodyOf<E extends Endpoint> = BodySchemaOf<E> extends z.ZodType ? z.input<BodySchemaOf<E>> : never
/** Whether the endpoint takes a body. */
export type TakesBody<E extends Endpoint> = BodySchemaOf<E> extends z.ZodType ? true : false
/** The path's parameters, in order. */
export type ParamsOf<E extends Endpoint> = E['path'] extends (...params: infer P) => string ? P : []

/** The schemas of one endpoint, as listed in ENDPOINT_SCHEMAS. */
export interface EndpointSchemas<Response extends MaybeSchema = MaybeSchema, Body extends MaybeSchema = MaybeSchema> {
  readonly response: Response
  readonly body: Body
}
/** The shape ENDPOINT_SCHEMAS must have for a group of endpoints: the same keys, the same schema types. */
export type SchemasOf<T> = {
  [K in keyof T]: T[K] extends Endpoint ? EndpointSchemas<ResponseSchemaOf<T[K]>, BodySchemaOf<T[K]>> : SchemasOf<T[K]>
}

function endpointOf<M extends HttpMethod>(method: M) {
  return <P extends EndpointPath, R extends MaybeSchema = null, B extends MaybeSchema = null>(
    path: P,
    response: SchemaType<R> | null = null,
    body: SchemaType<B> | null = null,
  ): Endpoint<M, P, R, B> => ({ method, path, response: response ?? {}, body: body ?? {} })
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

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value
}

/**
 * Every endpoint with its schemas, found by walking the endpoint groups and the schema groups side by
 * side (they have the same keys).
 */
export function pairEndpoints(endpoints: object, schemas: object, prefix = ''): Array<{ name: string; endpoint: Endpoint; schemas: EndpointSchemas }> {
  return Object.entries(endpoints).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key
    const paired: unknown = (schemas as Record<string, unknown>)[key]
    if (isEndpoint(value)) return [{ name, endpoint: value, schemas: paired as EndpointSchemas }]
    return value && typeof value === 'object' && paired && typeof paired === 'object' ? pairEndpoints(value, paired, name) : []
  })
}
