import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import {
  contractId,
  house,
  housePrefill,
  houseStart,
  loaded,
  signContractModel,
  submitted,
} from '../models/sign-contract.model';
import {
  approvalNotices,
  signContractMachine,
  signDelays,
  type HouseOrigin,
  type HouseStart,
  type SignStateResult,
  type SignSubmissionResult,
  type SignSubmitRequest,
  type StartContractInput,
} from '../../machines/sign-contract.machine';

const paths = generatePaths(signContractModel);
/** A state the machine reaches on answered actors comes at once; a broken rule fails here instead of hanging. */
const answered = { timeout: 1000 };

describe('sign contract machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(signContractModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(signContractModel, path);
    },
  );

  it('offers the approval for nextType 2 with the item the server named, and opens the detail 2500 ms after starting', async () => {
    const startContract = vi.fn(async (_input: StartContractInput): Promise<SignStateResult> => ({
      contractId,
      state: 2,
    }));
    const navigateToDetail = vi.fn();
    const machine = signContractMachine.provide({
      actions: { navigateToDetail },
      actors: {
        submitContract: fromPromise(async () => submitted(2)),
        startContract: fromPromise<SignStateResult, StartContractInput>(async ({ input }) =>
          startContract(input),
        ),
        loadContract: fromPromise(async () => loaded(2)),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'contract.submit', request: { body: {} } });
    await waitFor(actor, (s) => s.matches('offerApproval'), answered);
    actor.send({ type: 'offer.accept' });
    await waitFor(actor, (s) => s.matches('started'), answered);
    expect(startContract).toHaveBeenCalledWith({ contractId, type: 1, oaParam: { oaItemId: 45 } });
    clock.increment(signDelays.afterStart - 1);
    expect(navigateToDetail).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('pendingApproval'), answered);
    expect(navigateToDetail).toHaveBeenCalledTimes(1);
  });

  it.each([
    [loaded(7, true), 'awaitingSignature', approvalNotices.signingStarted],
    [loaded(1, true), 'toStart', approvalNotices.noCredit],
    [loaded(3), 'rejected', approvalNotices.rejected],
    [loaded(1), 'toStart', undefined],
  ] as const)(
    'a contract waiting for its approval, read again, shows the decision: %j',
    async (decided, target, notice) => {
      const answers = [loaded(2), decided];
      const loadContract = vi.fn(async () => answers.shift() ?? decided);
      const machine = signContractMachine.provide({ actors: { loadContract: fromPromise(loadContract) } });
      const actor = createActor(machine).start();
      actor.send({ type: 'contract.load', contractId });
      await waitFor(actor, (s) => s.matches({ pendingApproval: 'idle' }), answered);
      actor.send({ type: 'contract.refresh' });
      expect(actor.getSnapshot().matches('checkingApproval')).toBe(true);
      await waitFor(actor, (s) => s.matches({ [target]: 'idle' }), answered);
      expect(actor.getSnapshot().context.state).toBe(decided.state);
      expect(actor.getSnapshot().context.notice?.text).toBe(notice);
      // Withdrawn: read once more as any other load; decided: no second read.
      expect(loadContract).toHaveBeenCalledTimes(notice === undefined ? 3 : 2);
    },
  );

  it('terminates only after the explicit confirmation and keeps the server’s error message', async () => {
    const terminate = vi.fn(async (): Promise<SignStateResult> => {
      throw new Error('当前状态不允许此操作！');
    });
    const machine = signContractMachine.provide({
      actors: {
        loadContract: fromPromise(async () => loaded(7)),
        terminateContract: fromPromise(terminate),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'contract.load', contractId });
    await waitFor(actor, (s) => s.matches({ awaitingSignature: 'idle' }), answered);
    actor.send({ type: 'contract.terminate' });
    expect(actor.getSnapshot().matches({ awaitingSignature: 'confirmTerminate' })).toBe(true);
    expect(terminate).not.toHaveBeenCalled();
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().matches({ awaitingSignature: 'idle' })).toBe(true);
    actor.send({ type: 'contract.terminate' });
    actor.send({ type: 'confirm.yes' });
    await waitFor(
      actor,
      (s) => s.context.notice !== null && s.matches({ awaitingSignature: 'idle' }),
      answered,
    );
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice?.text).toBe('当前状态不允许此操作！');
  });

  describe('a contract started from a listing', () => {
    function fromHouse(answers: (HouseStart | Error)[]) {
      const prepareHouse = vi.fn(async (_input: HouseOrigin): Promise<HouseStart> => {
        const answer = answers.shift();
        if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
        return answer;
      });
      const submitContract = vi.fn(async (_input: SignSubmitRequest): Promise<SignSubmissionResult> =>
        submitted(3),
      );
      const closeForm = vi.fn();
      const machine = signContractMachine.provide({
        actions: { closeForm },
        actors: {
          prepareHouse: fromPromise<HouseStart, HouseOrigin>(async ({ input }) => prepareHouse(input)),
          submitContract: fromPromise<SignSubmissionResult, SignSubmitRequest>(async ({ input }) =>
            submitContract(input),
          ),
          loadContract: fromPromise(async () => loaded(1)),
        },
      });
      const actor = createActor(machine, { clock: new SimulatedClock() }).start();
      return { actor, prepareHouse, submitContract, closeForm };
    }

    it('reads the listing first, starts the form with its prefill, and the submitted contract names the listing', async () => {
      const { actor, prepareHouse, submitContract } = fromHouse([houseStart(false)]);
      actor.send({ type: 'house.open', house });
      expect(actor.getSnapshot().matches('preparingHouse')).toBe(true);
      // Nothing can be submitted before the listing is read.
      expect(actor.getSnapshot().can({ type: 'contract.submit', request: { body: {} } })).toBe(false);
      await waitFor(actor, (s) => s.matches('editing'), answered);
      expect(prepareHouse).toHaveBeenCalledWith(house);
      expect(actor.getSnapshot().context).toMatchObject({ prefill: housePrefill, houseWarning: null });
      actor.send({ type: 'contract.submit', request: { body: { boxid: 1 } } });
      await waitFor(actor, (s) => s.matches('openingDetail'), answered);
      expect(submitContract).toHaveBeenCalledWith({ body: { boxid: 1, houseId: house.houseId } });
    });

    it('warns of a running contract on the listing before the form: 取消 closes the form and submits nothing', async () => {
      const { actor, submitContract, closeForm } = fromHouse([houseStart(true)]);
      actor.send({ type: 'house.open', house });
      await waitFor(actor, (s) => s.matches('houseWarning'), answered);
      expect(actor.getSnapshot().context.houseWarning).toBe(
        '该房源已有进行中的合同：HT20261120001（待签字），确定再发起合同吗？',
      );
      expect(actor.getSnapshot().can({ type: 'contract.submit', request: { body: {} } })).toBe(false);
      actor.send({ type: 'confirm.no' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(closeForm).toHaveBeenCalledTimes(1);
      expect(submitContract).not.toHaveBeenCalled();
    });

    it('继续发起 after the warning goes on to the prefilled form', async () => {
      const { actor, submitContract } = fromHouse([houseStart(true)]);
      actor.send({ type: 'house.open', house });
      await waitFor(actor, (s) => s.matches('houseWarning'), answered);
      actor.send({ type: 'confirm.yes' });
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ prefill: housePrefill, houseWarning: null });
      actor.send({ type: 'contract.submit', request: { body: {} } });
      await waitFor(actor, (s) => s.matches('openingDetail'), answered);
      expect(submitContract).toHaveBeenCalledWith({ body: { houseId: house.houseId } });
    });

    it('a listing that cannot be read says why, and 重试 reads it again', async () => {
      const { actor, prepareHouse } = fromHouse([new Error('房源不存在或已被删除'), houseStart(false)]);
      actor.send({ type: 'house.open', house });
      await waitFor(actor, (s) => s.matches('houseFailed'), answered);
      expect(actor.getSnapshot().context.notice?.text).toBe('房源不存在或已被删除');
      actor.send({ type: 'contract.refresh' });
      await waitFor(actor, (s) => s.matches('editing'), answered);
      expect(prepareHouse).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().context.notice).toBeNull();
    });

    it('an edit of a saved contract is not given a listing, and a form opened from one is not opened again', async () => {
      const { actor, submitContract } = fromHouse([houseStart(false)]);
      actor.send({ type: 'contract.load', contractId });
      await waitFor(actor, (s) => s.matches({ toStart: 'idle' }), answered);
      expect(actor.getSnapshot().can({ type: 'house.open', house })).toBe(false);
      actor.send({ type: 'contract.edit', request: { contractId, body: { boxid: 1 } } });
      await waitFor(actor, (s) => s.matches('openingDetail'), answered);
      expect(submitContract).toHaveBeenCalledWith({ contractId, body: { boxid: 1 } });
    });
  });
});
