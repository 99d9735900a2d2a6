/**
 * Request validation from the contract's own schemas (JSON Schema 2020-12), with messages in
 * Chinese that name the field, e.g. 「手机号（userName）格式不正确」.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument, OperationSpec } from './spec';

const documentId = 'contract';

export type Validated = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export type OperationValidators = {
  query: (input: unknown) => Validated;
  path: (input: unknown) => Validated;
  body: ((input: unknown) => Validated) | undefined;
};

function createAjv(coerce: boolean, document: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    verbose: true,
    validateSchema: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
  });
  addFormats(ajv);
  for (const format of ['binary', 'int32', 'int64', 'float', 'double', 'password'])
    ajv.addFormat(format, true);
  ajv.addSchema(document, documentId);
  return ajv;
}

function resolveLocal(document: OpenApiDocument, schema: unknown): JsonSchema | undefined {
  let node = schema as JsonSchema | undefined;
  for (let depth = 0; depth < 10 && node && typeof node['$ref'] === 'string'; depth++) {
    const ref = node['$ref'];
    if (!ref.startsWith('#/')) return node;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[
        part.replaceAll('~1', '/').replaceAll('~0', '~')
      ];
    }
    node = target as JsonSchema | undefined;
  }
  return node;
}

function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce(
    (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
    '',
  );
}

const typeNames: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

function describeType(type: unknown): string {
  const list = Array.isArray(type) ? type : String(type).split(',');
  return list.map((t) => typeNames[String(t)] ?? String(t)).join('或');
}

export function describeError(document: OpenApiDocument, error: ErrorObject, rootName?: string): string {
  const params = error.params as Record<string, unknown>;
  const parent = resolveLocal(document, error.parentSchema);
  let field = fieldPath(error.instancePath) || rootName || '请求内容';
  let title = typeof parent?.['title'] === 'string' ? parent['title'] : undefined;
  if (error.keyword === 'required') {
    const missing = String(params['missingProperty']);
    field = fieldPath(error.instancePath, missing);
    const properties = parent?.['properties'] as Record<string, unknown> | undefined;
    const property = resolveLocal(document, properties?.[missing]);
    title = typeof property?.['title'] === 'string' ? property['title'] : undefined;
  }
  const name = title ? `${title}（${field}）` : `字段 ${field} `;
  const limit = params['limit'];
  switch (error.keyword) {
    case 'required':
      return `缺少必填字段：${name}`;
    case 'type':
      return `${name}类型错误，应为${describeType(params['type'])}`;
    case 'enum':
      return `${name}取值无效，可选值：${(params['allowedValues'] as unknown[]).map(String).join('、')}`;
    case 'const':
      return `${name}取值无效，应为 ${String(params['allowedValue'])}`;
    case 'minLength':
      return limit === 1 ? `${name}不能为空` : `${name}长度不能少于 ${String(limit)} 个字符`;
    case 'maxLength':
      return `${name}长度不能超过 ${String(limit)} 个字符`;
    case 'pattern':
    case 'format':
      return `${name}格式不正确`;
    case 'minimum':
      return `${name}不能小于 ${String(limit)}`;
    case 'exclusiveMinimum':
      return `${name}必须大于 ${String(limit)}`;
    case 'maximum':
      return `${name}不能大于 ${String(limit)}`;
    case 'exclusiveMaximum':
      return `${name}必须小于 ${String(limit)}`;
    case 'minItems':
      return `${name}至少需要 ${String(limit)} 项`;
    case 'maxItems':
      return `${name}最多 ${String(limit)} 项`;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      return `不支持的字段：${fieldPath(error.instancePath, extra)}`;
    }
    default:
      return `${name}不合法`;
  }
}

/**
 * A validator compiled on its first use. Compiling the whole contract up front took about 6 s of every
 * start (each test app, each server process); a request pays its operation's compile once.
 */
function wrap(document: OpenApiDocument, compile: () => ValidateFunction, rootName?: string) {
  let validate: ValidateFunction | undefined;
  return (input: unknown): Validated => {
    validate ??= compile();
    const value = (input ?? {}) as Record<string, unknown>;
    if (validate(value)) return { ok: true, value };
    const first = validate.errors?.[0];
    return {
      ok: false,
      message: `请求参数错误：${first ? describeError(document, first, rootName) : '格式不正确'}`,
    };
  };
}

/** The validators of every operation, each compiled when its operation is first called. */
export function compileValidators(
  document: OpenApiDocument,
  operations: OperationSpec[],
): Map<string, OperationValidators> {
  const strictAjv = createAjv(false, document);
  const coercingAjv = createAjv(true, document);
  const ref = (pointer: string) => ({ $ref: `${documentId}${pointer}` });
  const result = new Map<string, OperationValidators>();
  for (const operation of operations) {
    const querySchema = {
      type: 'object',
      properties: Object.fromEntries(
        operation.queryParameters.map((p) => [
          p.name,
          { ...ref(p.schemaPointer), ...(p.title ? { title: p.title } : {}) },
        ]),
      ),
      required: operation.queryParameters.filter((p) => p.required).map((p) => p.name),
    };
    const pathSchema = {
      type: 'object',
      properties: Object.fromEntries(operation.pathParameters.map((p) => [p.name, ref(p.schemaPointer)])),
      required: operation.pathParameters.map((p) => p.name),
    };
    let body: OperationValidators['body'];
    if (operation.body) {
      const ajv = operation.body.kind === 'json' ? strictAjv : coercingAjv;
      const pointer = operation.body.schemaPointer;
      body = wrap(document, () => ajv.compile(ref(pointer)));
    }
    result.set(operation.operationId, {
      query: wrap(document, () => coercingAjv.compile(querySchema)),
      path: wrap(document, () => coercingAjv.compile(pathSchema)),
      body,
    });
  }
  return result;
}
