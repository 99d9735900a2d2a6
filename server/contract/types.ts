/** Handler types derived from the generated contract: a handler's input and reply follow its operation. */
import type { Portals } from '../areas/promotion/portals/portal';
import type { SigningTrust } from '../areas/signing/trust';
import type { operations } from '../../openapi/generated/api';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { SmsProvider } from '../sandbox/sms';
import type { FileStorage } from '../storage/files';
import type { AddressLimits } from '../areas/user/address-limits';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
export type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody?: infer B }
    ? [NonNullable<B>] extends [never]
      ? undefined
      : ContentOf<NonNullable<B>>
    : undefined;
type QueryOrEmpty<Q> = [NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>;
export type QueryOf<K extends OperationId> = QueryOrEmpty<Op<K>['parameters']['query']>;
export type PathOf<K extends OperationId> = QueryOrEmpty<Op<K>['parameters']['path']>;
export type ResponseOf<K extends OperationId> = Op<K>['responses'] extends {
  200: { content: { 'application/json': infer R } };
}
  ? R
  : never;
/**
 * What a handler returns: the envelope without code and message (the router adds code 200 and
 * 'success'); an operation whose contract defines other success codes (getMyVersion's 100) may set it.
 */
export type ReplyOf<K extends OperationId> = Omit<ResponseOf<K>, 'code' | 'message'> & {
  message?: string;
  code?: ResponseOf<K> extends { code: infer C } ? C : number;
};

export type Session = {
  sessionId: string;
  userId: number;
  companyId: number;
  isManager: boolean;
  roleId: number | null;
  deptId: number | null;
  /** Read with the session only for the operations that answer it (operationsReadingProfile). */
  profile?: SessionProfile;
};

export type SessionProfile = {
  userName: string;
  name: string;
  faceUrl: string | null;
  companyName: string;
  deptName: string | null;
  roleName: string | null;
  positionId: number | null;
  positionName: string | null;
};

export type UploadedFile = { fieldName: string; fileName: string; mimeType: string; data: Buffer };

export type Services = {
  /** Sandbox providers and their dev pages are on (SANDBOX is not 0). */
  isSandbox: boolean;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  files: FileStorage;
  /** Seconds before the same phone may get another SMS code (60 by the seed). */
  smsResendSeconds: number;
  /** Failed password logins from one IP address per 15 minutes before it is refused (30). */
  loginIpMaxFailures: number;
  /** SMS codes sent from, and wrong codes entered at, one IP address (login and registration). */
  addressLimits: AddressLimits;
  /** The listing portals (sandbox or real, by configuration; server/areas/promotion/portals). */
  portals: Portals;
  /** The CA that issues each signer's certificate and the TSA that dates each signature. */
  signingTrust: SigningTrust;
};

export type HandlerContext = Services & {
  /** Null only for operations whose contract says security: []. */
  session: Session | null;
  ip: string;
  /** The caller's browser (login records). */
  userAgent: string;
};

export type HandlerInput<K extends OperationId> = {
  body: BodyOf<K>;
  query: QueryOf<K>;
  path: PathOf<K>;
  files: UploadedFile[];
};

export type Handler<K extends OperationId> = (
  input: HandlerInput<K>,
  context: HandlerContext,
) => Promise<ReplyOf<K>>;

/** Implemented operations. Unlisted operations answer 501 未实现; a misspelled key fails to compile. */
export type HandlerMap = { [K in OperationId]?: Handler<K> };
