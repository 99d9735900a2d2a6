/**
 * Requests generated from the contract (openapi/generated/openapi.json) for the contract-wide tests:
 * every operation, never a hand-written list, so an operation is covered the day it is added.
 * Bad requests are kept only when the contract's own validators refuse them: they must never reach
 * a handler, and the server must answer each with a coded envelope and a Chinese message.
 */
import {
  listOperations,
  loadContract,
  type OpenApiDocument,
  type OperationSpec,
} from '../../server/contract/spec';
import { compileValidators } from '../../server/contract/validation';

export type GeneratedRequest = {
  operationId: string;
  description: string;
  method: OperationSpec['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const document: OpenApiDocument = loadContract();
export const operations: OperationSpec[] = listOperations(document);
const validators = compileValidators(document, operations);

/** The contract path with its path parameters filled in (they are validated like the query). */
export function urlOf(operation: OperationSpec, query: Record<string, string | string[]> = {}): string {
  const path = operation.path.replace(/\{[^}]+\}/g, 'x1');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

function resolve(schema: unknown): Record<string, unknown> {
  let current = schema as Record<string, unknown>;
  for (let depth = 0; depth < 10 && typeof current?.['$ref'] === 'string'; depth += 1) {
    const pointer = current['$ref'].replace(/^.*#\//, '').split('/');
    let target: unknown = document;
    for (const key of pointer)
      target = (target as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')];
    current = target as Record<string, unknown>;
  }
  return current ?? {};
}

/** Top-level property names of a body schema (through $ref and allOf). */
export function bodyProperties(operation: OperationSpec): string[] {
  if (!operation.body) return [];
  const names = new Set<string>();
  const visit = (schema: unknown) => {
    const resolved = resolve(schema);
    for (const name of Object.keys((resolved['properties'] as object | undefined) ?? {})) names.add(name);
    for (const part of (resolved['allOf'] as unknown[] | undefined) ?? []) visit(part);
  };
  let target: unknown = document;
  for (const key of operation.body.schemaPointer.replace(/^#\//, '').split('/'))
    target = (target as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')];
  visit(target);
  return [...names];
}

const long = 'x'.repeat(100_000);
/** Values that a well-typed field of any kind should refuse, at least in some position. */
const queryValues = [
  'abc',
  long,
  '-1',
  '-99999999999999999999',
  '99999999999999999999999999',
  '1e400',
  '1.5',
  'NaN',
  '',
  ' ',
  '１２３',
  '<script>alert(1)</script>',
  'null',
  '[]',
  '{}',
  'true',
  '%00',
  '0x10',
  "'; drop table users; --",
  '../../etc/passwd',
  '9'.repeat(400),
  '1 or 1=1',
  '🏠',
  '\u0000',
  '2026-13-45',
  '-0.000001',
  '0',
  '-5',
  '2147483648',
  '１',
  '1,2',
  '1;2',
  '1.0e1',
  '+-1',
  '',
];
const bodyValues: unknown[] = [
  null,
  [],
  {},
  long,
  -1e20,
  1e300,
  -1,
  true,
  'abc',
  [{}],
  { nested: { deep: [1, 2, 3] } },
  '',
  1.5,
  -0.5,
  0,
  '1',
  { $gt: 1 },
  ['a'],
  'x'.repeat(1000),
  Number.MAX_SAFE_INTEGER * 10,
  false,
  -2,
  3.14,
  [1, 2],
  { id: 1 },
  '   ',
];

function refusedQuery(operation: OperationSpec, query: Record<string, string | string[]>): boolean {
  const validator = validators.get(operation.operationId)!;
  return !validator.query(structuredClone(query)).ok;
}

function refusedBody(operation: OperationSpec, body: unknown): boolean {
  const validator = validators.get(operation.operationId)!.body;
  if (!validator) return false;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  return !validator(structuredClone(body)).ok;
}

/** At least 30 requests per operation that the contract refuses (fewer only where it cannot refuse that many). */
export function badRequests(operation: OperationSpec, session: Record<string, string>): GeneratedRequest[] {
  const requests: GeneratedRequest[] = [];
  const add = (
    description: string,
    query: Record<string, string | string[]>,
    payload?: string,
    contentType?: string,
  ) =>
    requests.push({
      operationId: operation.operationId,
      description,
      method: operation.method,
      url: urlOf(operation, query),
      headers: { ...session, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  for (const parameter of operation.queryParameters) {
    for (const value of queryValues) {
      const query = { [parameter.name]: value };
      if (refusedQuery(operation, query)) add(`${parameter.name}=${value.slice(0, 20)}`, query);
    }
    const repeated = { [parameter.name]: ['1', '2'] };
    if (refusedQuery(operation, repeated)) add(`${parameter.name} twice`, repeated);
  }
  if (operation.queryParameters.some((parameter) => parameter.required)) add('no query', {});
  if (operation.body) {
    const isJson = operation.body.kind === 'json';
    add('malformed JSON', {}, '{"a": [1, 2', 'application/json');
    add('text body', {}, 'hello', 'text/plain');
    if (isJson) {
      for (const whole of [[], 'text', 42, [{}]])
        add(`body ${JSON.stringify(whole)}`, {}, JSON.stringify(whole), 'application/json');
      if (refusedBody(operation, {})) add('empty object', {}, '{}', 'application/json');
      const unknown = { unknownFieldZ: 1 };
      if (refusedBody(operation, unknown))
        add('unknown field', {}, JSON.stringify(unknown), 'application/json');
      for (const name of bodyProperties(operation)) {
        for (const value of bodyValues) {
          const body = { [name]: value };
          if (refusedBody(operation, body))
            add(
              `${name}=${JSON.stringify(value).slice(0, 20)}`,
              {},
              JSON.stringify(body),
              'application/json',
            );
        }
      }
    } else {
      // Form and multipart operations: bodies of every other kind.
      const wrong: [string, string, string][] = [
        ['JSON instead of a form', '{"a":1}', 'application/json'],
        ['JSON array', '[1,2]', 'application/json'],
        ['XML', '<a>1</a>', 'application/xml'],
        ['binary', '\u0000\u0001\u0002', 'application/octet-stream'],
        ['form without boundary', 'a=1', 'multipart/form-data'],
        ['malformed multipart', '--x\r\nbroken', 'multipart/form-data; boundary=x'],
        ['huge text', long, 'text/plain'],
        ['empty JSON', '', 'application/json'],
        ['JSON null', 'null', 'application/json'],
        ['JSON number', '42', 'application/json'],
        ['CSV', 'a,b\n1,2', 'text/csv'],
        ['HTML', '<html></html>', 'text/html'],
        ['form of nothing', '', 'application/x-www-form-urlencoded'],
        ['multipart without parts', '--x--\r\n', 'multipart/form-data; boundary=x'],
        ['deep JSON', '['.repeat(5000), 'application/json'],
        ['unicode garbage', '\ud800\udfff', 'text/plain'],
      ];
      for (const [description, payload, type] of wrong) add(description, {}, payload, type);
    }
  }
  return requests;
}

/** Query values for an operation's id-like parameters and body properties, other required ones set to '1'. */
export function idParameters(operation: OperationSpec): { query: string[]; body: string[] } {
  const isId = (name: string) => /(^id$|Id$|id$|Ids$)/.test(name);
  return {
    query: operation.queryParameters
      .filter((parameter) => isId(parameter.name))
      .map((parameter) => parameter.name),
    body: bodyProperties(operation).filter(isId),
  };
}
