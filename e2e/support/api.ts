/** Talking to the real server from the test side (Node): logins, SMS codes from the sandbox outbox, fresh companies. */
import type { APIRequestContext } from '@playwright/test';

export type Credentials = { token: string; sessionid: string };
export type Envelope<T = unknown> = { code: number; message: string; data: T };

let counter = 0;

/** A phone number nobody has used in this run (137 + worker-unique digits). */
export function freshPhone(): string {
  counter += 1;
  const unique =
    `${process.pid % 1000}`.padStart(3, '0') +
    `${Date.now() % 100000}`.padStart(5, '0').slice(-3) +
    `${counter}`.padStart(2, '0');
  return `137${unique.slice(-8)}`;
}

export async function post<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request.post(`/api${path}`, { data: body as object, headers });
  return (await response.json()) as Envelope<T>;
}

export async function login(
  request: APIRequestContext,
  userName: string,
  password: string,
): Promise<Credentials> {
  const result = await post<Credentials>(request, '/user/login/loginPassword', { userName, password });
  if (result.code !== 200) throw new Error(`login ${userName}: ${result.message}`);
  return { token: result.data.token, sessionid: result.data.sessionid };
}

/** The newest code the sandbox SMS provider sent to this phone, or null. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string | null> {
  const response = await request.get(`/api/sandbox/smsOutbox?phone=${phone}`);
  const result = (await response.json()) as Envelope<{ content: string }[]>;
  return result.data[0]?.content.match(/验证码为 (\d{6})/)?.[1] ?? null;
}

/** The e2e server allows one code per phone per 3 s (SMS_RESEND_SECONDS in playwright.config.ts). */
const resendMs = 3_500;
const lastSent = new Map<string, number>();

/** Waits until this phone may get another code. */
export async function waitForResend(phone: string): Promise<void> {
  const wait = (lastSent.get(phone) ?? 0) + resendMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Records a send made through the UI. */
export function noteSent(phone: string): void {
  lastSent.set(phone, Date.now());
}

/** Sends a code now, without waiting (a second send within the interval is refused). */
export async function sendCode(request: APIRequestContext, phone: string): Promise<Envelope> {
  const sent = await post(request, '/user/validate/sendVerifyCode', { userName: phone });
  // Noted when the answer is back, so it is never before the server's own send time (a loaded machine
  // can take a few hundred ms to answer, and the interval is counted from the server's time).
  noteSent(phone);
  return sent;
}

/** A new, unused code for this phone (waits out the resend interval first). */
export async function freshCode(request: APIRequestContext, phone: string): Promise<string> {
  await waitForResend(phone);
  const sent = await sendCode(request, phone);
  if (sent.code !== 200) throw new Error(`send code to ${phone}: ${sent.message}`);
  const code = await latestCode(request, phone);
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

export const e2ePassword = 'e2e12345';

/** Registers a new company with its manager; returns the manager's phone. */
export async function registerCompany(request: APIRequestContext, name = '测试房产'): Promise<string> {
  const phone = freshPhone();
  await sendCode(request, phone);
  const code = await latestCode(request, phone);
  const result = await post(request, '/user/reg/loginRegister', {
    userName: phone,
    code,
    password: e2ePassword,
    name: '测试经理',
    companyName: `${name}${phone.slice(-4)}`,
  });
  if (result.code !== 200) throw new Error(`register ${phone}: ${result.message}`);
  return phone;
}

/** A passed face check of this person (getFaceUrl, then 核身通过 on the sandbox provider); its faceId. */
export async function passedFaceCheck(
  request: APIRequestContext,
  credentials: Credentials,
  person: { name: string; idNo: string },
): Promise<string> {
  const started = await post<{ faceId: string }>(request, '/sign/getFaceUrl', person, credentials);
  if (started.code !== 200) throw new Error(`face check: ${started.message}`);
  const decided = await post(request, '/sandbox/faceDecide', { faceId: started.data.faceId, pass: true });
  if (decided.code !== 200) throw new Error(`face decide: ${decided.message}`);
  return started.data.faceId;
}
