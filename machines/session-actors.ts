/**
 * The session machine's API calls, as stand-ins that say they are missing: the app provides the
 * real calls (src/core/session.ts), the tests controllable promises.
 */
import { fromPromise } from 'xstate';
import type { Credentials, RestoredSession, SignedInUser } from './session-context';

export const sessionActors = {
  restoreSession: fromPromise<RestoredSession>(async () => {
    throw new Error('restoreSession is provided by the app');
  }),
  loginWithPassword: fromPromise<Credentials, { userName: string; password: string }>(async () => {
    throw new Error('loginWithPassword is provided by the app');
  }),
  loginWithSms: fromPromise<
    Credentials,
    { userName: string; code: string; companyName?: string; name?: string }
  >(async () => {
    throw new Error('loginWithSms is provided by the app');
  }),
  register: fromPromise<
    Credentials,
    { userName: string; code: string; password: string; name: string; companyName: string }
  >(async () => {
    throw new Error('register is provided by the app');
  }),
  retrievePassword: fromPromise<void, { userName: string; code: string; password: string }>(async () => {
    throw new Error('retrievePassword is provided by the app');
  }),
  sendCode: fromPromise<void, { userName: string }>(async () => {
    throw new Error('sendCode is provided by the app');
  }),
  initialize: fromPromise<SignedInUser, { credentials: Credentials }>(async () => {
    throw new Error('initialize is provided by the app');
  }),
  exit: fromPromise<void, { credentials: Credentials }>(async () => {
    throw new Error('exit is provided by the app');
  }),
  rename: fromPromise<{ name: string }, { name: string }>(async () => {
    throw new Error('rename is provided by the app');
  }),
  changePassword: fromPromise<void, { oldPassword: string; newPassword: string }>(async () => {
    throw new Error('changePassword is provided by the app');
  }),
  uploadFace: fromPromise<{ faceUrl: string }, { file: Blob }>(async () => {
    throw new Error('uploadFace is provided by the app');
  }),
};
