/** The bundled contract (openapi/generated/openapi.json) read as a list of operations. */
import { readFileSync } from 'node:fs';
import { contractPath } from '../paths';

export type JsonSchema = Record<string, unknown>;

export type BodyKind = 'json' | 'form' | 'multipart';

export type OperationSpec = {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The contract's path, e.g. /sign/{hash}. */
  path: string;
  /** JSON pointer of the operation in the document, for $ref-based validators. */
  pointer: string;
  host: string;
  requiresSession: boolean;
  queryParameters: { name: string; required: boolean; schemaPointer: string; title: string | undefined }[];
  pathParameters: { name: string; schemaPointer: string }[];
  body: { kind: BodyKind; required: boolean; schemaPointer: string } | undefined;
  /** x-max-upload-bytes: this operation's limit per uploaded file (verification takes 50 MB). */
  maxUploadBytes: number | undefined;
  /** x-upload-title: the file field's Chinese title, named when a file is over the limit. */
  uploadTitle: string | undefined;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: unknown[];
};

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

export function loadContract(): OpenApiDocument {
  return JSON.parse(readFileSync(contractPath, 'utf8')) as OpenApiDocument;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: { title?: string };
  description?: string;
};
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  'x-max-upload-bytes'?: number;
  'x-upload-title'?: string;
};

function resolveParameter(
  doc: OpenApiDocument,
  parameter: Parameter | { $ref: string },
): {
  parameter: Parameter;
  pointer: string;
} | null {
  if ('$ref' in parameter) {
    const path = parameter.$ref.replace(/^#\//, '').split('/');
    let node: unknown = doc;
    for (const part of path)
      node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    return node ? { parameter: node as Parameter, pointer: parameter.$ref } : null;
  }
  return { parameter, pointer: '' };
}

export function listOperations(doc: OpenApiDocument): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const host = typeof item['x-host'] === 'string' ? item['x-host'] : 'main';
    for (const method of methods) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const queryParameters: OperationSpec['queryParameters'] = [];
      const pathParameters: OperationSpec['pathParameters'] = [];
      (operation.parameters ?? []).forEach((raw, index) => {
        const resolved = resolveParameter(doc, raw);
        if (!resolved) return;
        const { parameter } = resolved;
        const schemaPointer = resolved.pointer
          ? `${resolved.pointer}/schema`
          : `${pointer}/parameters/${index}/schema`;
        if (parameter.in === 'query') {
          queryParameters.push({
            name: parameter.name,
            required: parameter.required === true,
            schemaPointer,
            title: parameter.schema?.title ?? parameter.description,
          });
        } else if (parameter.in === 'path') {
          pathParameters.push({ name: parameter.name, schemaPointer });
        }
      });
      let body: OperationSpec['body'];
      const content = operation.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      if (mediaType) {
        const kind: BodyKind = mediaType.startsWith('multipart/')
          ? 'multipart'
          : mediaType === 'application/x-www-form-urlencoded'
            ? 'form'
            : 'json';
        body = {
          kind,
          required: operation.requestBody?.required === true,
          schemaPointer: `${pointer}/requestBody/content/${escapePointer(mediaType)}/schema`,
        };
      }
      const security = operation.security ?? doc.security ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        pointer,
        host,
        requiresSession: security.length > 0,
        queryParameters,
        pathParameters,
        body,
        maxUploadBytes: operation['x-max-upload-bytes'],
        uploadTitle: operation['x-upload-title'],
      });
    }
  }
  return operations;
}
