/**
 * The app's one session actor: the session machine with its actors bound to the API. Views read
 * it with useSelector and send it events; the request layer tells it when the server says 400.
 */
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { RestoredSession, SignedInUser, Credentials } from '../../machines/session-context';
import { api, ApiCodeError, ok } from '../api/client';
import { clearCredentials, readCredentials, writeCredentials } from '../api/credentials';
import { onFeedback } from '../api/feedback';
import { inspect } from '../inspector/inspection-store';

async function initializeUser(): Promise<SignedInUser> {
  const result = await ok(api.POST('/user/initialize'));
  const user = result.data!.user;
  localStorage.setItem('userInfo', JSON.stringify(user));
  return {
    userId: user.userId,
    userName: user.userName,
    name: user.name,
    isManager: user.isManager,
    companyid: user.companyid,
    companyName: user.companyName,
    faceUrl: user.faceUrl ?? null,
  };
}

function toCredentials(data: { token: string; sessionid: string } | undefined): Credentials {
  if (!data) throw new Error('登录失败');
  return { token: data.token, sessionid: data.sessionid };
}

export const isLoginHash = (hash: string) => /^#\/layout\/login2?(\?|$)/.test(hash);

const machine = sessionMachine.provide({
  actions: {
    saveCredentials: ({ context }) => {
      if (context.credentials) writeCredentials(context.credentials);
    },
    clearCredentials: () => clearCredentials(),
  },
  actors: {
    restoreSession: fromPromise<RestoredSession>(async () => {
      const isOnLoginPage = isLoginHash(location.hash);
      const credentials = readCredentials();
      if (!credentials) return { session: null, isOnLoginPage };
      try {
        return { session: { credentials, user: await initializeUser() }, isOnLoginPage };
      } catch (error) {
        // The server refused the stored token: signed out. Anything else (network) is an error.
        if (error instanceof ApiCodeError) return { session: null, isOnLoginPage };
        throw error;
      }
    }),
    loginWithPassword: fromPromise(async ({ input }) =>
      toCredentials((await ok(api.POST('/user/login/loginPassword', { body: input }))).data),
    ),
    loginWithSms: fromPromise(async ({ input }) =>
      toCredentials((await ok(api.POST('/user/login/registerOrLogin', { body: input }))).data),
    ),
    register: fromPromise(async ({ input }) =>
      toCredentials((await ok(api.POST('/user/reg/loginRegister', { body: input }))).data),
    ),
    retrievePassword: fromPromise(async ({ input }) => {
      await ok(api.POST('/user/retrievePassword', { body: input }));
    }),
    sendCode: fromPromise(async ({ input }) => {
      await ok(api.POST('/user/validate/sendVerifyCode', { body: input }));
    }),
    initialize: fromPromise(async () => initializeUser()),
    exit: fromPromise(async () => {
      await ok(api.POST('/user/exit'));
    }),
    rename: fromPromise(async ({ input }) => {
      await ok(
        api.POST('/user/userNameUpdate', {
          body: input,
          bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      return { name: input.name };
    }),
    changePassword: fromPromise(async ({ input }) => {
      await ok(api.POST('/user/userPasswordsUpdate', { body: input }));
    }),
    uploadFace: fromPromise(async ({ input }) => {
      const form = new FormData();
      form.append('file', input.file);
      const result = await ok(
        api.POST('/user/userFaceUpdate', { body: { file: '' }, bodySerializer: () => form }),
      );
      return { faceUrl: result.data!.faceUrl };
    }),
  },
});

export const sessionActor = createActor(machine, { inspect });

onFeedback((feedback) => {
  if (feedback.kind === 'sessionInvalid')
    sessionActor.send({ type: 'session.invalid', message: feedback.message });
});
