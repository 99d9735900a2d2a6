import { describe, expect, it } from 'vitest';
import { signingLinkMachine, signingMessages, type SignRequest } from '../../machines/signing-link.machine';
import { startHarness } from '../support/machine-harness';
import { companyRequest, faceId, faceRequest, landing } from '../models/signing-link.model';

const hash = 'a'.repeat(32);
const awaiting = landing(7, 0, 0);
/** The model's individual request, typed as the individual kind so a test can change its fields. */
const individualRequest: Extract<SignRequest, { kind: 'individual' }> = {
  kind: 'individual',
  verificationCode: '123456',
  signatureKind: 1,
  signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
};
const submit = (request: SignRequest) => ({ type: 'sign.submit', request }) as const;

async function openLink(landingRead = awaiting) {
  const harness = await startHarness(signingLinkMachine, { input: { hash } });
  await harness.done('loadLanding', landingRead);
  return harness;
}

async function withCode() {
  const harness = await openLink();
  await harness.send({ type: 'code.send' });
  await harness.done('sendCode', { phone: '138****2222', resendIn: 60 });
  return harness;
}

async function withFace() {
  const harness = await openLink();
  await harness.send({ type: 'face.passed', faceId });
  return harness;
}

describe('signing-link machine, rules a user relies on', () => {
  it('reads the landing of the link the page was opened with; a signable one is ready', async () => {
    const harness = await startHarness(signingLinkMachine, { input: { hash } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadLanding')?.input).toStrictEqual({ hash });
    await harness.done('loadLanding', awaiting);
    expect(harness.value()).toEqual({ ready: 'idle' });
    expect(harness.context()).toStrictEqual({
      hash,
      landing: awaiting,
      codePhone: null,
      faceId: null,
      result: null,
      notice: null,
    });

    const withoutHash = await startHarness(signingLinkMachine);
    expect(withoutHash.lastCall('loadLanding')?.input).toStrictEqual({ hash: '' });
    expect(withoutHash.context()).toStrictEqual({
      hash: '',
      landing: null,
      codePhone: null,
      faceId: null,
      result: null,
      notice: null,
    });
  });

  it('a link that cannot sign is closed with the reason, signed first, then not awaiting, then expired', async () => {
    expect(signingMessages.alreadySigned).toBe('您已签署，请勿重复签署');
    expect(signingMessages.notSignable).toBe('当前合同不在待签字状态，不能签署');
    expect(signingMessages.expired).toBe('签署链接已过期，请联系经办人重新发起签署');
    for (const [read, notice] of [
      [landing(7, 1, 0), { kind: 'info', text: '您已签署，请勿重复签署' }],
      [landing(8, 1, 1), { kind: 'info', text: '您已签署，请勿重复签署' }],
      [landing(8, 0, 0), { kind: 'info', text: '当前合同不在待签字状态，不能签署' }],
      [landing(1, 0, 1), { kind: 'info', text: '当前合同不在待签字状态，不能签署' }],
      [landing(7, 0, 1), { kind: 'error', text: '签署链接已过期，请联系经办人重新发起签署' }],
    ] as const) {
      const harness = await openLink(read);
      expect(harness.value()).toBe('closed');
      expect(harness.context()['landing']).toStrictEqual(read);
      expect(harness.context()['notice']).toStrictEqual(notice);
      expect(harness.can({ type: 'code.send' })).toBe(false);
      expect(harness.can({ type: 'face.passed', faceId })).toBe(false);
    }
  });

  it('a closed link is read again on 刷新, and the old reason goes once it can sign', async () => {
    const harness = await openLink(landing(7, 0, 1));
    await harness.send({ type: 'landing.reload' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadLanding')).toHaveLength(2);
    await harness.done('loadLanding', awaiting);
    expect(harness.value()).toEqual({ ready: 'idle' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('a landing that cannot be read shows the message, and 刷新 reads it again', async () => {
    const harness = await startHarness(signingLinkMachine, { input: { hash } });
    await harness.fail('loadLanding', new Error('签署链接不存在'));
    expect(harness.value()).toBe('loadFailed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '签署链接不存在' });
    await harness.send({ type: 'landing.reload' });
    expect(harness.value()).toBe('loading');
    await harness.fail('loadLanding', '网络异常');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
  });

  it('asks for a code for the link, with the signer mobile when one is given, and says where it went', async () => {
    const harness = await openLink();
    expect(harness.can({ ...submit(individualRequest) })).toBe(false);
    await harness.send({ type: 'code.send' });
    expect(harness.value()).toEqual({ ready: 'sendingCode' });
    expect(harness.lastCall('sendCode')?.input).toStrictEqual({ hash });
    await harness.done('sendCode', { phone: '138****2222', resendIn: 60 });
    expect(harness.value()).toEqual({ ready: 'codeSent' });
    expect(harness.context()['codePhone']).toBe('138****2222');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'info', text: '验证码已发送至 138****2222' });

    await harness.send({ type: 'code.send', mobileNo: '13800000001' });
    expect(harness.value()).toEqual({ ready: 'sendingCode' });
    expect(harness.lastCall('sendCode')?.input).toStrictEqual({ hash, mobileNo: '13800000001' });
    const emptyMobile = await openLink();
    await emptyMobile.send({ type: 'code.send', mobileNo: '' });
    expect(emptyMobile.lastCall('sendCode')?.input).toStrictEqual({ hash });
  });

  it('a refused send shows why; a code already sent or a passed face check still lets the party sign', async () => {
    const first = await openLink();
    await first.send({ type: 'code.send' });
    await first.fail('sendCode', new Error('验证码发送过于频繁，请稍后再试'));
    expect(first.value()).toEqual({ ready: 'idle' });
    expect(first.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '验证码发送过于频繁，请稍后再试',
    });

    const resend = await withCode();
    await resend.send({ type: 'code.send' });
    await resend.fail('sendCode', '请 60 秒后再获取验证码');
    expect(resend.value()).toEqual({ ready: 'codeSent' });
    expect(resend.context()['notice']).toStrictEqual({ kind: 'error', text: '请 60 秒后再获取验证码' });
    expect(resend.context()['codePhone']).toBe('138****2222');

    const face = await withFace();
    await face.send({ type: 'code.send' });
    await face.fail('sendCode', new Error('验证码发送过于频繁，请稍后再试'));
    expect(face.value()).toEqual({ ready: 'codeSent' });
  });

  it('a passed face check lets a company party sign with its faceId instead of the code', async () => {
    expect(signingMessages.facePassed).toBe('人脸核身已通过，可以确认签署');
    const harness = await withFace();
    expect(harness.value()).toEqual({ ready: 'codeSent' });
    expect(harness.context()['faceId']).toBe(faceId);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'info', text: '人脸核身已通过，可以确认签署' });
    await harness.send(submit(faceRequest));
    expect(harness.value()).toEqual({ ready: 'signing' });
    expect(harness.lastCall('signLink')?.input).toStrictEqual({ hash, request: faceRequest });

    const again = await withCode();
    await again.send({ type: 'face.passed', faceId: 'F-second' });
    expect(again.value()).toEqual({ ready: 'codeSent' });
    expect(again.context()['faceId']).toBe('F-second');
    expect(again.context()['notice']).toStrictEqual({ kind: 'info', text: '人脸核身已通过，可以确认签署' });
  });

  it('人脸核身 chosen without the check passed (or another one) asks for it first', async () => {
    expect(signingMessages.faceMissing).toBe('请先完成人脸核身');
    const harness = await withCode();
    await harness.send(submit({ ...faceRequest, faceId: '' }));
    expect(harness.value()).toEqual({ ready: 'codeSent' });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请先完成人脸核身' });
    const other = await withFace();
    await other.send(submit({ ...faceRequest, faceId: 'F-other' }));
    expect(other.context()['notice']).toStrictEqual({ kind: 'error', text: '请先完成人脸核身' });
    // Face before the signer's details.
    await other.send(submit({ ...faceRequest, faceId: '', name: ' ' }));
    expect(other.context()['notice']).toStrictEqual({ kind: 'error', text: '请先完成人脸核身' });
    expect(other.lastCall('signLink')).toBeUndefined();
  });

  it('without a face check the 6-digit code is needed, for a person and a company alike', async () => {
    expect(signingMessages.codeMissing).toBe('请输入6位短信验证码');
    const harness = await withCode();
    for (const request of [
      { ...individualRequest, verificationCode: '12' },
      { ...individualRequest, verificationCode: '1234567' },
      { ...individualRequest, verificationCode: '12345a' },
      { ...individualRequest, verificationCode: '12', signatureImage: '' },
      { ...companyRequest, verificationCode: '12' },
    ]) {
      await harness.send(submit(request));
      expect(harness.value()).toEqual({ ready: 'codeSent' });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请输入6位短信验证码' });
    }
    expect(harness.lastCall('signLink')).toBeUndefined();
  });

  it('a person must sign first; a company must name its signer with ID number and mobile', async () => {
    expect(signingMessages.signatureMissing).toBe('请先签名');
    expect(signingMessages.signerMissing).toBe('请填写签署人姓名、身份证号和手机号');
    const harness = await withCode();
    await harness.send(submit({ ...individualRequest, signatureImage: '' }));
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请先签名' });
    for (const patch of [{ name: ' ' }, { idNo: '' }, { mobileNo: '' }]) {
      await harness.send(submit({ ...companyRequest, ...patch }));
      expect(harness.value()).toEqual({ ready: 'codeSent' });
      expect(harness.context()['notice']).toStrictEqual({
        kind: 'error',
        text: '请填写签署人姓名、身份证号和手机号',
      });
    }
    expect(harness.lastCall('signLink')).toBeUndefined();

    await harness.send(submit(companyRequest));
    expect(harness.value()).toEqual({ ready: 'signing' });
    expect(harness.lastCall('signLink')?.input).toStrictEqual({ hash, request: companyRequest });
  });

  it('signing shows 签署成功, or that the contract is signed when every party has signed', async () => {
    const harness = await withCode();
    await harness.send(submit(individualRequest));
    expect(harness.value()).toEqual({ ready: 'signing' });
    expect(harness.lastCall('signLink')?.input).toStrictEqual({ hash, request: individualRequest });
    await harness.done('signLink', { state: 7 });
    expect(harness.value()).toBe('signed');
    expect(harness.context()['result']).toStrictEqual({ state: 7 });
    expect(harness.context()['landing']).toStrictEqual(awaiting);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '签署成功' });

    const last = await withCode();
    await last.send(submit({ ...individualRequest, signatureKind: 2 }));
    const after = landing(8, 1, 0);
    await last.done('signLink', { state: 8, previewUrl: '/files/signed.pdf', landing: after });
    expect(last.value()).toBe('signed');
    expect(last.context()['result']).toStrictEqual({
      state: 8,
      previewUrl: '/files/signed.pdf',
      landing: after,
    });
    expect(last.context()['landing']).toStrictEqual(after);
    expect(last.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '签署成功，全部签署方已签署，合同已签约',
    });
    await last.send({ type: 'landing.reload' });
    expect(last.value()).toBe('loading');
  });

  it('a signing the server refuses shows why and lets the party try again', async () => {
    const harness = await withCode();
    await harness.send(submit(individualRequest));
    await harness.fail('signLink', new Error('验证码错误'));
    expect(harness.value()).toEqual({ ready: 'codeSent' });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '验证码错误' });
    expect(harness.context()['result']).toBeNull();
    await harness.send(submit(individualRequest));
    expect(harness.value()).toEqual({ ready: 'signing' });
  });
});
