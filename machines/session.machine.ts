/**
 * Login and session (000 sections 2, 4, 7, 8). The views render this machine; the API calls are
 * actors that src/ provides (and tests fake). Timers (1.5 s to login) are `after` delays.
 */
import { assign, setup } from 'xstate';
import { isMobile } from '../domain/validators';
import { sessionActors } from './session-actors';
import {
  loginRedirectDelayMs,
  sessionMessages,
  type RestoredSession,
  type SessionContext,
  type SessionEvent,
} from './session-context';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: sessionActors,
  actions: {
    /** Store context.credentials (src/ writes them to localStorage). */
    saveCredentials: () => {},
    /** Forget the stored credentials. */
    clearCredentials: () => {},
    /** Show the error of a failed actor (its message is the server's message). */
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
        source: 'server' as const,
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<SessionContext['notice']>) => notice }),
    dismissNotice: assign({ notice: null }),
    forgetSession: assign({ credentials: null, user: null }),
    endInvalidSession: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: (event as Extract<SessionEvent, { type: 'session.invalid' }>).message,
        source: 'server' as const,
      }),
    }),
  },
  guards: {
    hasRestoredSession: ({ event }) =>
      (event as unknown as { output: RestoredSession }).output.session !== null,
    isOnLoginPage: ({ event }) => (event as unknown as { output: RestoredSession }).output.isOnLoginPage,
    isMobileValid: ({ event }) => 'userName' in event && isMobile(event.userName),
  },
}).createMachine({
  id: 'session',
  context: { credentials: null, user: null, notice: null, codeSentAt: null },
  initial: 'booting',
  states: {
    booting: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: 'hasRestoredSession',
            target: 'signedIn',
            actions: assign({
              credentials: ({ event }) => event.output.session?.credentials ?? null,
              user: ({ event }) => event.output.session?.user ?? null,
            }),
          },
          { guard: 'isOnLoginPage', target: 'signedOut', actions: 'clearCredentials' },
          {
            target: 'redirectingToLogin',
            actions: [
              'clearCredentials',
              {
                type: 'notify',
                params: { kind: 'error', text: sessionMessages.notLoggedIn, source: 'local' },
              },
            ],
          },
        ],
        onError: { target: 'signedOut', actions: 'clearCredentials' },
      },
    },
    /** The route guard: a toast, then the login page after 1.5 s. */
    redirectingToLogin: {
      after: { [loginRedirectDelayMs]: 'signedOut' },
    },
    signedOut: {
      initial: 'password',
      on: { 'notice.dismiss': { actions: 'dismissNotice' } },
      states: {
        password: {
          on: {
            'login.password': 'loggingInWithPassword',
            'mode.sms': 'sms',
            'mode.register': 'register',
            'mode.retrieve': 'retrieve',
          },
        },
        loggingInWithPassword: {
          invoke: {
            id: 'loginWithPassword',
            src: 'loginWithPassword',
            input: ({ event }) => {
              const { userName, password } = event as Extract<SessionEvent, { type: 'login.password' }>;
              return { userName, password };
            },
            onDone: {
              target: '#session.initializing',
              actions: [assign({ credentials: ({ event }) => event.output }), 'saveCredentials'],
            },
            onError: { target: 'password', actions: 'showActorError' },
          },
        },
        sms: {
          on: {
            'code.send': [
              { guard: 'isMobileValid', target: 'sendingCode' },
              {
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: sessionMessages.mobileInvalid, source: 'local' },
                },
              },
            ],
            'login.sms': 'loggingInWithSms',
            'mode.password': 'password',
            'mode.register': 'register',
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ event }) => ({
              userName: (event as Extract<SessionEvent, { type: 'code.send' }>).userName,
            }),
            onDone: {
              target: 'sms',
              actions: [
                assign({ codeSentAt: () => Date.now() }),
                {
                  type: 'notify',
                  params: { kind: 'success', text: sessionMessages.codeSent, source: 'local' },
                },
              ],
            },
            onError: { target: 'sms', actions: 'showActorError' },
          },
        },
        loggingInWithSms: {
          invoke: {
            id: 'loginWithSms',
            src: 'loginWithSms',
            input: ({ event }) => {
              const { type: _type, ...input } = event as Extract<SessionEvent, { type: 'login.sms' }>;
              return input;
            },
            onDone: {
              target: '#session.initializing',
              actions: [assign({ credentials: ({ event }) => event.output }), 'saveCredentials'],
            },
            onError: { target: 'sms', actions: 'showActorError' },
          },
        },
        register: {
          on: {
            'code.send': [
              { guard: 'isMobileValid', target: 'sendingRegisterCode' },
              {
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: sessionMessages.mobileInvalid, source: 'local' },
                },
              },
            ],
            'register.submit': 'registering',
            'mode.password': 'password',
          },
        },
        sendingRegisterCode: {
          invoke: {
            id: 'sendRegisterCode',
            src: 'sendCode',
            input: ({ event }) => ({
              userName: (event as Extract<SessionEvent, { type: 'code.send' }>).userName,
            }),
            onDone: {
              target: 'register',
              actions: [
                assign({ codeSentAt: () => Date.now() }),
                {
                  type: 'notify',
                  params: { kind: 'success', text: sessionMessages.codeSent, source: 'local' },
                },
              ],
            },
            onError: { target: 'register', actions: 'showActorError' },
          },
        },
        registering: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              const { type: _type, ...input } = event as Extract<SessionEvent, { type: 'register.submit' }>;
              return input;
            },
            onDone: {
              target: '#session.initializing',
              actions: [assign({ credentials: ({ event }) => event.output }), 'saveCredentials'],
            },
            onError: { target: 'register', actions: 'showActorError' },
          },
        },
        retrieve: {
          on: {
            'code.send': [
              { guard: 'isMobileValid', target: 'sendingRetrieveCode' },
              {
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: sessionMessages.mobileInvalid, source: 'local' },
                },
              },
            ],
            'password.retrieve': 'retrieving',
            'mode.password': 'password',
          },
        },
        sendingRetrieveCode: {
          invoke: {
            id: 'sendRetrieveCode',
            src: 'sendCode',
            input: ({ event }) => ({
              userName: (event as Extract<SessionEvent, { type: 'code.send' }>).userName,
            }),
            onDone: {
              target: 'retrieve',
              actions: [
                assign({ codeSentAt: () => Date.now() }),
                {
                  type: 'notify',
                  params: { kind: 'success', text: sessionMessages.codeSent, source: 'local' },
                },
              ],
            },
            onError: { target: 'retrieve', actions: 'showActorError' },
          },
        },
        retrieving: {
          invoke: {
            id: 'retrievePassword',
            src: 'retrievePassword',
            input: ({ event }) => {
              const { type: _type, ...input } = event as Extract<SessionEvent, { type: 'password.retrieve' }>;
              return input;
            },
            onDone: {
              target: 'password',
              actions: {
                type: 'notify',
                params: { kind: 'success', text: sessionMessages.passwordReset, source: 'local' },
              },
            },
            onError: { target: 'retrieve', actions: 'showActorError' },
          },
        },
      },
    },
    initializing: {
      invoke: {
        id: 'initialize',
        src: 'initialize',
        input: ({ context }) => ({ credentials: context.credentials! }),
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output, notice: null }) },
        onError: {
          target: 'signedOut',
          actions: ['clearCredentials', 'forgetSession', 'showActorError'],
        },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'notice.dismiss': { actions: 'dismissNotice' },
      },
      states: {
        idle: {
          on: {
            // Code 400 from any call while signed in (but not while logging out).
            'session.invalid': { target: '#session.sessionInvalid', actions: 'endInvalidSession' },
            logout: 'loggingOut',
            'profile.rename': 'renaming',
            'profile.changePassword': 'changingPassword',
            'profile.uploadFace': 'uploadingFace',
          },
        },
        renaming: {
          on: { 'session.invalid': { target: '#session.sessionInvalid', actions: 'endInvalidSession' } },
          invoke: {
            id: 'rename',
            src: 'rename',
            input: ({ event }) => ({
              name: (event as Extract<SessionEvent, { type: 'profile.rename' }>).name,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  user: ({ context, event }) =>
                    context.user ? { ...context.user, name: event.output.name } : null,
                }),
                {
                  type: 'notify',
                  params: { kind: 'success', text: sessionMessages.renamed, source: 'local' },
                },
              ],
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        changingPassword: {
          on: { 'session.invalid': { target: '#session.sessionInvalid', actions: 'endInvalidSession' } },
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ event }) => {
              const { oldPassword, newPassword } = event as Extract<
                SessionEvent,
                { type: 'profile.changePassword' }
              >;
              return { oldPassword, newPassword };
            },
            onDone: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: { kind: 'success', text: sessionMessages.passwordChanged, source: 'local' },
              },
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        uploadingFace: {
          on: { 'session.invalid': { target: '#session.sessionInvalid', actions: 'endInvalidSession' } },
          invoke: {
            id: 'uploadFace',
            src: 'uploadFace',
            input: ({ event }) => ({
              file: (event as Extract<SessionEvent, { type: 'profile.uploadFace' }>).file,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  user: ({ context, event }) =>
                    context.user ? { ...context.user, faceUrl: event.output.faceUrl } : null,
                }),
                {
                  type: 'notify',
                  params: { kind: 'success', text: sessionMessages.faceUpdated, source: 'local' },
                },
              ],
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        loggingOut: {
          invoke: {
            id: 'exit',
            src: 'exit',
            input: ({ context }) => ({ credentials: context.credentials! }),
            // Logging out locally must work even when the server cannot be reached.
            onDone: '#session.loggedOut',
            onError: '#session.loggedOut',
          },
        },
      },
    },
    /** 退出成功！ then the login page after 1.5 s. */
    loggedOut: {
      entry: [
        'clearCredentials',
        'forgetSession',
        { type: 'notify', params: { kind: 'success', text: sessionMessages.loggedOut, source: 'local' } },
      ],
      after: { [loginRedirectDelayMs]: 'signedOut' },
    },
    /** Code 400 on any call: the server's message, then the login page after 1.5 s. */
    sessionInvalid: {
      entry: ['clearCredentials', 'forgetSession'],
      after: { [loginRedirectDelayMs]: 'signedOut' },
    },
  },
});
