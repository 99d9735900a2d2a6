import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function started(load: () => Promise<unknown>, save: (value: unknown) => Promise<unknown> = async (v) => v) {
  return createActor(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(load),
        save: fromPromise<unknown, { value: unknown }>(({ input }) => save(input.value)),
      },
    }),
  ).start();
}

describe('resource machine (a help page, a setting): load, retry, reload, save', () => {
  it('loads on start and shows the loaded value', async () => {
    const actor = started(async () => ({ days: 7 }));
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toEqual({ data: { days: 7 }, error: null });
  });

  it('shows no value and no message until the first load answers, and no value after it fails', async () => {
    const actor = started(() => Promise.reject(new Error('网络异常')));
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: '网络异常' });
  });

  it('a failed load keeps its message and 重试 loads again', async () => {
    let fail = true;
    const actor = started(async () => {
      if (fail) throw new Error('网络异常');
      return 'ok';
    });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    actor.send({ type: 'reload' });
    actor.send({ type: 'save', value: 1 });
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(actor.getSnapshot().context).toEqual({ data: 'ok', error: null });
  });

  it('a rejection that is not an Error is kept as text', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    const actor = started(() => Promise.reject('超时'));
    await settled();
    expect(actor.getSnapshot().context.error).toBe('超时');
  });

  it('reload reads the value again', async () => {
    let value = 1;
    const actor = started(async () => value);
    await settled();
    value = 2;
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(actor.getSnapshot().context.data).toBe(2);
  });

  it('saving sends the new value and shows what the server kept', async () => {
    const sent: unknown[] = [];
    const actor = started(
      async () => 'old',
      async (value) => {
        sent.push(value);
        return `${String(value)} (saved)`;
      },
    );
    await settled();
    actor.send({ type: 'save', value: 'new' });
    expect(actor.getSnapshot().value).toBe('saving');
    await settled();
    expect(sent).toEqual(['new']);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toEqual({ data: 'new (saved)', error: null });
  });

  it('a failed save keeps the old value and shows the message; a later save clears it', async () => {
    let fail = true;
    const actor = started(
      async () => 'old',
      async (value) => {
        if (fail) throw new Error('保存失败');
        return value;
      },
    );
    await settled();
    actor.send({ type: 'save', value: 'new' });
    await settled();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toEqual({ data: 'old', error: '保存失败' });
    fail = false;
    actor.send({ type: 'save', value: 'new' });
    await settled();
    expect(actor.getSnapshot().context).toEqual({ data: 'new', error: null });
  });
});
