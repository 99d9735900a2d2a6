/**
 * The session machine's context, events, delays and messages, shared with the login screens and the
 * app's session actor.
 */
export type SignedInUser = {
  userId: number;
  userName: string;
  name: string;
  isManager: 0 | 1;
  companyid: number;
  companyName: string;
  faceUrl?: string | null;
};

export type Credentials = { token: string; sessionid: string };

export type RestoredSession = {
  /** A stored token that /user/initialize accepted, with its user; null when there is none. */
  session: { credentials: Credentials; user: SignedInUser } | null;
  /** The page the app started on is a login page (the route guard stays quiet there). */
  isOnLoginPage: boolean;
};

export type SessionEvent =
  | { type: 'login.password'; userName: string; password: string }
  | { type: 'login.sms'; userName: string; code: string; companyName?: string; name?: string }
  | { type: 'code.send'; userName: string }
  | {
      type: 'register.submit';
      userName: string;
      code: string;
      password: string;
      name: string;
      companyName: string;
    }
  | { type: 'password.retrieve'; userName: string; code: string; password: string }
  | { type: 'mode.password' }
  | { type: 'mode.sms' }
  | { type: 'mode.register' }
  | { type: 'mode.retrieve' }
  | { type: 'logout' }
  | { type: 'session.invalid'; message: string }
  | { type: 'profile.rename'; name: string }
  | { type: 'profile.changePassword'; oldPassword: string; newPassword: string }
  | { type: 'profile.uploadFace'; file: Blob }
  | { type: 'notice.dismiss' };

export type SessionContext = {
  credentials: Credentials | null;
  user: SignedInUser | null;
  /**
   * The last notice of the login and profile screens. `server` notices came back from a call (the
   * request layer has already toasted server errors); `local` ones did not reach the server.
   */
  notice: { kind: 'error' | 'success'; text: string; source: 'local' | 'server' } | null;
  /** When the last SMS code was sent (ms since epoch), for the 60 s resend countdown. */
  codeSentAt: number | null;
};

export const loginRedirectDelayMs = 1500;
export const codeResendIntervalMs = 60_000;

export const sessionMessages = {
  mobileInvalid: '手机号格式不正确',
  codeSent: '验证码已发送,请注意查收!',
  loggedOut: '退出成功！',
  notLoggedIn: '请先登录后再操作',
  passwordReset: '密码已重置，请使用新密码登录',
  renamed: '姓名已修改',
  passwordChanged: '密码已修改，请牢记新密码',
  faceUpdated: '头像已更新',
} as const;
