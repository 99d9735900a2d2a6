/**
 * Routes every operation of the contract to its handler by operationId: authenticate, validate,
 * call, wrap in the envelope. Operations without a handler answer 501 未实现.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Codes, Messages } from './envelope';
import { listOperations, type OpenApiDocument, type OperationSpec } from './spec';
import { compileValidators, type OperationValidators } from './validation';
import type {
  Handler,
  HandlerContext,
  HandlerMap,
  OperationId,
  Services,
  Session,
  UploadedFile,
} from './types';
import { authenticate, operationsReadingProfile } from '../areas/user/sessions';

export const apiPrefix = '/api';
export const uploadLimitBytes = 20 * 1024 * 1024;

type Envelope = { code: number; message: string; data: unknown; [key: string]: unknown };

function fail(code: number, message: string, data: unknown = null): Envelope {
  return { code, message, data };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readMultipart(
  request: FastifyRequest,
  fileSize: number,
  title = '上传文件',
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart())
    throw new ApiError(Codes.business, '请求参数错误：上传接口需要 multipart/form-data 格式');
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize, files: 5 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        throw new ApiError(Codes.business, `${title}过大（超过 ${Math.round(fileSize / 1024 / 1024)} MB）`);
      });
      files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
      fields[part.fieldname] = part.filename;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

export function errorToEnvelope(error: unknown, log: FastifyInstance['log']): Envelope {
  if (error instanceof ApiError) return fail(error.code, error.message, error.data);
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fail(Codes.business, Messages.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return fail(Codes.business, Messages.malformedJson);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fail(Codes.business, Messages.unsupportedContentType);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fail(Codes.business, '上传文件过大（超过 20 MB）');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return fail(Codes.business, '一次最多上传 5 个文件');
    default:
      if (error instanceof SyntaxError) return fail(Codes.business, Messages.malformedJson);
      log.error({ err: error }, 'unhandled error');
      return fail(500, Messages.internal);
  }
}

export type RouterOptions = {
  document: OpenApiDocument;
  handlers: HandlerMap;
  services: Services;
};

export function registerContractRoutes(app: FastifyInstance, options: RouterOptions): OperationSpec[] {
  const operations = listOperations(options.document);
  const validators = compileValidators(options.document, operations);
  for (const operation of operations) {
    const validator = validators.get(operation.operationId) as OperationValidators;
    const handler = options.handlers[operation.operationId as OperationId] as
      Handler<OperationId> | undefined;
    app.route({
      method: operation.method,
      url: apiPrefix + operation.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const envelope = await answer(operation, validator, handler, options.services, request).catch(
          (error: unknown) => errorToEnvelope(error, request.log),
        );
        return reply.code(200).send(envelope);
      },
    });
  }
  return operations;
}

async function answer(
  operation: OperationSpec,
  validator: OperationValidators,
  handler: Handler<OperationId> | undefined,
  services: Services,
  request: FastifyRequest,
): Promise<Envelope> {
  let session: Session | null = null;
  if (operation.requiresSession) {
    session = await authenticate(
      services.db,
      services.clock,
      headerValue(request, 'token'),
      headerValue(request, 'sessionid'),
      operationsReadingProfile.has(operation.operationId),
    );
  }
  const query = validator.query(request.query);
  if (!query.ok) return fail(Codes.business, query.message);
  const path = validator.path(request.params);
  if (!path.ok) return fail(Codes.business, path.message);
  let body: unknown;
  let files: UploadedFile[] = [];
  if (operation.body && validator.body) {
    let raw: unknown = request.body;
    if (operation.body.kind === 'multipart') {
      const parts = await readMultipart(
        request,
        operation.maxUploadBytes ?? uploadLimitBytes,
        operation.uploadTitle,
      );
      raw = parts.fields;
      files = parts.files;
    }
    if (raw === undefined || raw === null) {
      if (operation.body.required) return fail(Codes.business, '请求参数错误：缺少请求内容');
    } else {
      if (typeof raw === 'string' || Buffer.isBuffer(raw))
        return fail(Codes.business, Messages.unsupportedContentType);
      if (typeof raw !== 'object' || Array.isArray(raw)) {
        return fail(Codes.business, '请求参数错误：请求内容应为对象');
      }
      const checked = validator.body(raw);
      if (!checked.ok) return fail(Codes.business, checked.message);
      body = checked.value;
    }
  }
  if (!handler) return fail(Codes.notImplemented, Messages.notImplemented);
  const userAgent = request.headers['user-agent'] ?? '';
  const context: HandlerContext = { ...services, session, ip: request.ip, userAgent };
  const result = (await handler(
    { body: body as never, query: query.value, path: path.value as never, files },
    context,
  )) as Record<string, unknown>;
  return { code: Codes.ok, message: 'success', data: null, ...result };
}
