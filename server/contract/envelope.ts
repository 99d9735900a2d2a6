/** The business codes of the wire contract (see openapi components Code) and the error that carries one. */
import { editStateRefused } from '../../domain/page-state';

export const Codes = {
  ok: 200,
  sessionInvalid: 400,
  forbidden: 403,
  notFound: 404,
  business: 405,
  insufficientPackage: 406,
  stateConflict: 409,
  notImplemented: 501,
  identityWrong: 400020,
  followUpRequired: 4001001,
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

export const Messages = {
  notImplemented: '未实现',
  sessionMissing: '您还没有登录，请先登录！',
  sessionInvalid: '登录状态已失效，请重新登录',
  noPermission: '您没有权限，请联系管理员设置相关权限',
  stateNotAllowed: '当前状态不允许此操作！',
  notFound: '记录不存在或已被删除',
  unknownApi: '接口不存在',
  bodyTooLarge: '请求内容过大（超过 10 MB）',
  malformedJson: '请求内容不是合法的 JSON',
  unsupportedContentType: '不支持的请求格式',
  internal: '服务器内部错误，请稍后再试',
} as const;

export function businessError(message: string, data: unknown = null): ApiError {
  return new ApiError(Codes.business, message, data);
}

/**
 * The edit-state check refuses an edit: the record is no longer in a state that allows it. 405 with
 * the marker of domain/page-state.ts, so the page showing the record is disabled (001 section 8).
 * A write that loses a race after the check passed stays 409.
 */
export function editStateRefusal(message: string = Messages.stateNotAllowed): ApiError {
  return new ApiError(Codes.business, message, editStateRefused);
}

export function notFound(message: string = Messages.notFound): ApiError {
  return new ApiError(Codes.notFound, message);
}

export function forbidden(message: string = Messages.noPermission): ApiError {
  return new ApiError(Codes.forbidden, message);
}
