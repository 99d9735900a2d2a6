/**
 * The sign-seal-choice machine's model driven through the real contract form (the 提交 step of the
 * step-by-step view, a draft of a sale contract) against the real server. The bodies are real: one
 * company per worker registers two verified bodies (the first with a contract and a finance seal, the
 * second with a contract seal) for the paths that choose; a new company has none. Only a failed read
 * of the bodies (signSelectBody) is a network failure made with Playwright's routing.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { signSealChoiceModel } from '../tests/models/sign-seal-choice.model';
import { sealChoiceMessages } from '../machines/sign-seal-choice.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { failNextCall, networkError, openAs } from './support/oa';
import {
  registerSignBody,
  saveSaleDraft,
  signCompany,
  type RegisteredBody,
  type SignCompany,
} from './support/sign';

const spec = browserModel(signSealChoiceModel);
const paths = generatePaths(spec);

type WithBodies = { company: SignCompany; bodies: RegisteredBody[] };
type Fixture = { company?: SignCompany; bodies?: RegisteredBody[] };

/** One company per worker with two bodies: the paths only read them. */
let shared: Promise<WithBodies> | null = null;
function companyWithBodies(request: APIRequestContext): Promise<WithBodies> {
  shared ??= (async () => {
    const company = await signCompany(request);
    const first = await registerSignBody(request, company, {
      index: 0,
      seals: [
        [2, '合同专用章'],
        [3, '财务专用章'],
      ],
    });
    const second = await registerSignBody(request, company, { index: 1, seals: [[2, '合同专用章']] });
    return { company, bodies: [first, second] };
  })();
  return shared;
}

const card = (page: Page) => page.getByTestId('seal-choice');
const nextIs = (c: StepContext<Fixture>, type: string) => c.next?.event.type === type;
const nextHasBodies = (c: StepContext<Fixture>) =>
  ((c.next?.event as { output?: unknown[] } | undefined)?.output ?? []).length > 0;

async function openForm(c: StepContext<Fixture>): Promise<void> {
  const company = c.fixture.company!;
  const draftCode = await saveSaleDraft(c.request, company);
  await openAs(c.page, company.credentials, `/views/sign/sign-operation?draftCode=${draftCode}`);
  await c.page.getByTestId('steps').getByRole('button', { name: /提交/ }).click();
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      if (nextIs(c, 'xstate.done.actor.loadBodies') && nextHasBodies(c)) {
        const { company, bodies } = await companyWithBodies(c.request);
        c.fixture.company = company;
        c.fixture.bodies = bodies;
      } else {
        c.fixture.company = await signCompany(c.request);
      }
      if (nextIs(c, 'xstate.error.actor.loadBodies')) await failNextCall(c.page, '/sign/signSelectBody');
      await openForm(c);
    },
    'xstate.done.actor.loadBodies': async () => {},
    'xstate.error.actor.loadBodies': async () => {},
    retry: async (c) => card(c.page).getByRole('button', { name: '重试' }).click(),
    reload: async (c) => {
      if (c.step.previous.matches('none')) {
        await card(c.page).getByRole('button', { name: '重新读取' }).click();
        return;
      }
      await card(c.page).getByRole('button', { name: '刷新' }).click();
    },
    'body.pick': async (c) => {
      await card(c.page).getByRole('combobox', { name: '签约主体' }).click();
      await c.page.getByRole('option', { name: c.fixture.bodies![1]!.corpName }).click();
    },
    'seal.pick': async (c) => {
      await card(c.page).getByRole('combobox', { name: '印章' }).click();
      await c.page.getByRole('option', { name: '财务专用章' }).click();
    },
  },
  states: {
    'signSealChoice.loading': async (c) => expect(c.page.getByTestId('sign-operation-page')).toBeVisible(),
    'signSealChoice.failed': async (c) => {
      await expect(card(c.page).getByRole('alert')).toContainText(networkError);
      await expect(card(c.page).getByRole('button', { name: '重试' })).toBeVisible();
    },
    'signSealChoice.none': async (c) => {
      await expect(card(c.page)).toContainText(sealChoiceMessages.none);
      await expect(card(c.page).getByRole('button', { name: '去印章管理' })).toBeVisible();
    },
    'signSealChoice.chosen': async (c) => {
      const [first, second] = c.fixture.bodies!;
      const body = card(c.page).getByRole('combobox', { name: '签约主体' });
      const seal = card(c.page).getByRole('combobox', { name: '印章' });
      const event = c.step.event.type;
      // The default body with its contract seal; a picked body with its own; the finance seal picked.
      await expect(body).toHaveText(event === 'body.pick' ? second!.corpName : first!.corpName);
      await expect(seal).toHaveText(event === 'seal.pick' ? '财务专用章' : '合同专用章');
      await expect(card(c.page).getByTestId('seal-chosen')).toBeVisible();
    },
  },
};

test.describe('sign-seal-choice machine through the real contract form', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(150_000);
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
