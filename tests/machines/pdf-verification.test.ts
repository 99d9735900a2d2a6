import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  pdfVerificationMachine,
  type VerificationFile,
  type VerifyReport,
} from '../../machines/pdf-verification.machine';

const report: VerifyReport = {
  fileName: 'a.pdf',
  fileSize: 10,
  sha256: '0'.repeat(64),
  summary: '该文件没有数字签名',
  signatures: [],
  contract: null,
};

function start(verify: (file: VerificationFile) => Promise<VerifyReport>) {
  const sent: string[] = [];
  const actor = createActor(
    pdfVerificationMachine.provide({
      actors: {
        verify: fromPromise(async ({ input }: { input: { file: VerificationFile } }) => {
          sent.push(input.file.name);
          return verify(input.file);
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('pdf-verification machine (验签)', () => {
  it('refuses a file over 50 MB before sending it', () => {
    const { actor, sent } = start(async () => report);
    actor.send({ type: 'file.choose', file: { name: 'big.pdf', size: 50 * 1024 * 1024 + 1, data: null } });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('文件过大：验签文件不能超过 50 MB');
    expect(sent).toEqual([]);
  });

  it('sends the chosen file and keeps the report; another file starts again', async () => {
    const { actor, sent } = start(async (file) => ({ ...report, fileName: file.name }));
    actor.send({ type: 'file.choose', file: { name: 'a.pdf', size: 10, data: null } });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(actor.getSnapshot().context.report?.fileName).toBe('a.pdf');
    actor.send({ type: 'file.choose', file: { name: 'b.pdf', size: 10, data: null } });
    expect(actor.getSnapshot().context.report).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(sent).toEqual(['a.pdf', 'b.pdf']);
  });

  it("shows the server's refusal", async () => {
    const { actor } = start(async () => {
      throw new Error('不是有效的PDF文件');
    });
    actor.send({ type: 'file.choose', file: { name: 'note.txt', size: 10, data: null } });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('不是有效的PDF文件');
  });
});
