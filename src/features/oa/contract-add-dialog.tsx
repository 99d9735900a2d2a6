/**
 * 新增买卖合同 / 新增租赁合同 of the contract ledger: a contract signed offline recorded with its
 * house, both parties, signing date and deal (price and payment, or the lease and monthly rent).
 * The ledger shows the button only when getContractAddOperateAuth allows it; the server checks
 * the parties and answers with the field named.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Dialog, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { fromPromise } from 'xstate';
import { paymentMethodOptions } from '../../../domain/sign-contract-text';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import type { ContractKind } from './oa-actors';
import { CustomerPicker } from '../../shared/customer-picker';
import {
  addLedgerContract,
  fetchCities,
  fetchContractNoSuggestion,
  fetchDistricts,
  loadListingForm,
  loadProvinces,
} from './contract-add-actors';
import {
  emptyLedgerAddForm,
  missingField,
  withPickedCustomer,
  withoutPickedCustomer,
  type LedgerAddForm,
  type PartyForm,
  type Region,
} from './contract-add-body';

const partyTitles: Record<ContractKind, { a: string; b: string }> = {
  sale: { a: '甲方（出卖人）', b: '乙方（买受人）' },
  rent: { a: '甲方（出租人）', b: '乙方（承租人）' },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <Text size="1" color="gray">
        {label}
      </Text>
      {children}
    </label>
  );
}

function RegionSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Region | null;
  options: Region[];
  onChange: (region: Region) => void;
}) {
  return (
    <Select.Root
      value={value ? String(value.id) : ''}
      disabled={options.length === 0}
      onValueChange={(id) => {
        const picked = options.find((option) => String(option.id) === id);
        if (picked) onChange(picked);
      }}
    >
      <Select.Trigger aria-label={label} />
      <Select.Content>
        {options.map((option) => (
          <Select.Item key={option.id} value={String(option.id)}>
            {option.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

function PartyFields({
  title,
  value,
  onChange,
}: {
  title: string;
  value: PartyForm;
  onChange: (party: PartyForm) => void;
}) {
  const isCompany = value.subjectType === '2';
  return (
    <Flex direction="column" gap="2">
      <Heading size="2">{title}</Heading>
      <Grid columns="4" gap="2">
        <Select.Root
          value={value.subjectType}
          onValueChange={(subjectType) =>
            onChange({ ...value, subjectType: subjectType === '2' ? '2' : '1' })
          }
        >
          <Select.Trigger aria-label={`${title}主体类型`} />
          <Select.Content>
            <Select.Item value="1">个人</Select.Item>
            <Select.Item value="2">公司</Select.Item>
          </Select.Content>
        </Select.Root>
        <TextField.Root
          aria-label={`${title}${isCompany ? '公司名称' : '姓名'}`}
          placeholder={isCompany ? '请输入企业名称' : '请输入姓名'}
          maxLength={50}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        <TextField.Root
          aria-label={`${title}${isCompany ? '营业执照号' : '身份证号'}`}
          placeholder={isCompany ? '请输入营业执照号' : '请输入身份证号'}
          maxLength={30}
          value={value.certNo}
          onChange={(e) => onChange({ ...value, certNo: e.target.value })}
        />
        <TextField.Root
          aria-label={`${title}手机号`}
          placeholder="请输入手机号"
          maxLength={20}
          value={value.phone}
          onChange={(e) => onChange({ ...value, phone: e.target.value })}
        />
      </Grid>
    </Flex>
  );
}

/** 新增 started from a listing (its detail's 录入合同): the form waits for the listing's prefill. */
function ListingAddForm({
  kind,
  houseId,
  onAdded,
}: {
  kind: ContractKind;
  houseId: number;
  onAdded: (contractId: number) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadListingForm(kind, houseId) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  if (snapshot.matches('failed'))
    return (
      <Flex gap="3" align="center">
        <Text color="red" role="alert">
          {snapshot.context.error}
        </Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  const prefilled = snapshot.context.data as LedgerAddForm | null;
  if (!prefilled) return <Text color="gray">正在读取房源...</Text>;
  return <AddForm kind={kind} initial={prefilled} onAdded={onAdded} />;
}

function AddForm({
  kind,
  initial = emptyLedgerAddForm,
  onAdded,
}: {
  kind: ContractKind;
  initial?: LedgerAddForm;
  onAdded: (contractId: number) => void;
}) {
  const [regionMachine] = useState(() => resourceMachine.provide({ actors: { load: loadProvinces } }));
  const [regions] = useMachine(regionMachine, { inspect });
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(async () => null), save: addLedgerContract(kind) },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect });
  const [form, setForm] = useState<LedgerAddForm>(initial);
  const [cities, setCities] = useState<Region[]>([]);
  const [districts, setDistricts] = useState<Region[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    // A prefilled province and city offer their cities and districts, as if they had been chosen.
    let isCurrent = true;
    const failed = (error: unknown) =>
      isCurrent && setProblem(error instanceof Error ? error.message : String(error));
    if (initial.province)
      fetchCities(initial.province.id).then((rows) => isCurrent && setCities(rows), failed);
    if (initial.city) fetchDistricts(initial.city.id).then((rows) => isCurrent && setDistricts(rows), failed);
    return () => {
      isCurrent = false;
    };
  }, [initial]);
  const [suggestedNo, setSuggestedNo] = useState('');
  useEffect(() => {
    // The number the company's rule gives for this signing date, shown while the field is empty.
    let isCurrent = true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.signDate)) return;
    fetchContractNoSuggestion(kind, form.signDate).then(
      (no) => isCurrent && setSuggestedNo(no),
      () => isCurrent && setSuggestedNo(''),
    );
    return () => {
      isCurrent = false;
    };
  }, [kind, form.signDate]);
  const [hasSaved, setSaved] = useState(false);
  const provinces = (regions.context.data as Region[] | null) ?? [];
  const set = (patch: Partial<LedgerAddForm>) => setForm((current) => ({ ...current, ...patch }));
  const fail = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error));
  const text = (key: keyof LedgerAddForm, label: string, placeholder: string, type?: 'date' | 'number') => (
    <Field label={label}>
      <TextField.Root
        aria-label={label}
        placeholder={placeholder}
        type={type}
        value={form[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Field>
  );
  const submit = () => {
    const missing = missingField(kind, form);
    setProblem(missing);
    if (missing) return;
    setSaved(true);
    send({ type: 'save', value: form });
    const saving = actor.subscribe((next) => {
      if (next.matches('saving')) return;
      saving.unsubscribe();
      const added = next.context.data as { contractId: number } | null;
      if (next.context.error === null && added) onAdded(added.contractId);
    });
  };
  const shownError = problem ?? (hasSaved ? snapshot.context.error : null);
  return (
    <Flex direction="column" gap="3" data-testid="contract-add-form">
      <Grid columns="3" gap="2">
        {text('contractNo', '合同编号', suggestedNo ? `不填时为 ${suggestedNo}` : '不填时自动生成')}
        {text('signDate', '签约日期', '请选择签约日期', 'date')}
      </Grid>
      <Heading size="2">房屋信息</Heading>
      <Grid columns="3" gap="2">
        <RegionSelect
          label="省份"
          value={form.province}
          options={provinces}
          onChange={(province) => {
            set({ province, city: null, district: null });
            setCities([]);
            setDistricts([]);
            fetchCities(province.id).then(setCities, fail);
          }}
        />
        <RegionSelect
          label="城市"
          value={form.city}
          options={cities}
          onChange={(city) => {
            set({ city, district: null });
            setDistricts([]);
            fetchDistricts(city.id).then(setDistricts, fail);
          }}
        />
        <RegionSelect
          label="区县"
          value={form.district}
          options={districts}
          onChange={(district) => set({ district })}
        />
        {text('houseName', '小区名称', '请输入小区名称')}
        {text('houseBuilding', '楼栋号', '请输入楼栋号')}
        {text('houseRoomNo', '房号', '请输入房号')}
      </Grid>
      <PartyFields title={partyTitles[kind].a} value={form.partyA} onChange={(partyA) => set({ partyA })} />
      <PartyFields title={partyTitles[kind].b} value={form.partyB} onChange={(partyB) => set({ partyB })} />
      <CustomerPicker
        contractType={kind === 'sale' ? 1 : 2}
        picked={form.customerName}
        onPick={(customer) => setForm((current) => withPickedCustomer(current, customer))}
        onClear={() => setForm((current) => withoutPickedCustomer(current))}
      />
      <Heading size="2">{kind === 'sale' ? '交易信息' : '租赁信息'}</Heading>
      {kind === 'sale' ? (
        <Grid columns="3" gap="2">
          {text('transactionPrice', '成交价（元）', '请输入成交价', 'number')}
          <Field label="付款方式">
            <Select.Root value={form.paymentMethod} onValueChange={(paymentMethod) => set({ paymentMethod })}>
              <Select.Trigger aria-label="付款方式" />
              <Select.Content>
                {paymentMethodOptions
                  .filter((option) => option.value !== 0)
                  .map((option) => (
                    <Select.Item key={option.value} value={String(option.value)}>
                      {option.label}
                    </Select.Item>
                  ))}
              </Select.Content>
            </Select.Root>
          </Field>
        </Grid>
      ) : (
        <Grid columns="3" gap="2">
          {text('startDate', '租期开始', '请选择开始日期', 'date')}
          {text('endDate', '租期结束', '请选择结束日期', 'date')}
          {text('monthlyRent', '月租金（元）', '请输入月租金', 'number')}
        </Grid>
      )}
      {text('remark', '备注', '请输入备注（选填）')}
      {shownError && (
        <Text color="red" size="2" role="alert">
          {shownError}
        </Text>
      )}
      <Flex gap="3" justify="end">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            取消
          </Button>
        </Dialog.Close>
        <Button disabled={snapshot.matches('saving')} onClick={submit}>
          保存
        </Button>
      </Flex>
    </Flex>
  );
}

/** The 新增 button of the ledger's tab and its dialog; a recorded contract opens in the ledger. */
export function ContractAddButton({
  kind,
  fromHouseId,
  onAdded,
}: {
  kind: ContractKind;
  /** Opened from a listing's 录入合同: the dialog opens at once, prefilled from the listing. */
  fromHouseId?: number | undefined;
  onAdded: (contractId: number) => void;
}) {
  const [isOpen, setOpen] = useState(fromHouseId !== undefined);
  const title = kind === 'sale' ? '新增买卖合同' : '新增租赁合同';
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>新增</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="820px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {isOpen &&
          (fromHouseId !== undefined ? (
            <ListingAddForm
              key={`${kind}-${fromHouseId}`}
              kind={kind}
              houseId={fromHouseId}
              onAdded={(contractId) => {
                setOpen(false);
                onAdded(contractId);
              }}
            />
          ) : (
            <AddForm
              key={kind}
              kind={kind}
              onAdded={(contractId) => {
                setOpen(false);
                onAdded(contractId);
              }}
            />
          ))}
      </Dialog.Content>
    </Dialog.Root>
  );
}
