/**
 * The inputs of the step-by-step contract form: a party (individual or company, optional agent,
 * co-owners), a group of standard fields (hidden by the display rules of 001 section 4), the region
 * picker, the template's widget fields (types 1-7, fieldsList_ names) and the furniture list.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  Grid,
  Heading,
  RadioGroup,
  Select,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { certTypeOptions } from '../../../domain/sign-contract-text';
import { isFieldShown } from '../../../domain/sign-form-display';
import { inspect } from '../../inspector/inspection-store';
import {
  emptyPerson,
  type FieldSpec,
  type FormValues,
  type GroupSpec,
  type Option,
  type PartyValues,
  type PersonValues,
  type RegionValue,
} from './contract-fields';
import {
  loadProvinces,
  fetchCities,
  fetchDistricts,
  type City,
  type District,
  type Province,
  type SignWidgetField,
} from './sign-actors';
import { fromPromise } from 'xstate';

const none = '__none__';

function Field({
  label,
  required,
  children,
}: {
  label: string;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" asChild>
      <label>
        <Text size="1" color="gray">
          {required && <Text color="red">* </Text>}
          {label}
        </Text>
        {children}
      </label>
    </Flex>
  );
}

/** A multiple choice as checkboxes, one per option; `picked` holds the chosen values as strings. */
export function ChoiceChecks({
  options,
  picked,
  onChange,
}: {
  options: Option[];
  picked: string[];
  onChange: (picked: string[]) => void;
}) {
  return options.map((o) => (
    <Text as="label" size="2" key={String(o.value)}>
      <Flex gap="1" align="center">
        <Checkbox
          checked={picked.includes(String(o.value))}
          onCheckedChange={(checked) =>
            onChange(
              checked === true ? [...picked, String(o.value)] : picked.filter((p) => p !== String(o.value)),
            )
          }
        />
        {o.label}
      </Flex>
    </Text>
  ));
}

function ChoiceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: unknown;
  onChange: (value: string | number | undefined) => void;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <Select.Root
      value={current ? String(current.value) : none}
      onValueChange={(picked) => {
        if (picked === none) return onChange(undefined);
        const option = options.find((o) => String(o.value) === picked);
        onChange(option?.value);
      }}
    >
      <Select.Trigger aria-label={label} placeholder={`请选择${label}`} />
      <Select.Content>
        <Select.Item value={none}>请选择{label}</Select.Item>
        {options.map((o) => (
          <Select.Item key={String(o.value)} value={String(o.value)}>
            {o.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

function PersonFields({
  prefix,
  person,
  onChange,
}: {
  prefix: string;
  person: PersonValues;
  onChange: (person: PersonValues) => void;
}) {
  return (
    <Grid columns="4" gap="3">
      <Field label={`${prefix}姓名`} required>
        <TextField.Root
          aria-label={`${prefix}姓名`}
          placeholder="请输入姓名"
          maxLength={30}
          value={person.name}
          onChange={(e) => onChange({ ...person, name: e.target.value })}
        />
      </Field>
      <Field label={`${prefix}证件类型`} required>
        <ChoiceSelect
          label={`${prefix}证件类型`}
          options={certTypeOptions}
          value={person.certType}
          onChange={(value) => onChange({ ...person, certType: Number(value ?? 1) })}
        />
      </Field>
      <Field label={`${prefix}证件号码`} required>
        <TextField.Root
          aria-label={`${prefix}证件号码`}
          placeholder="请输入证件号码"
          maxLength={30}
          value={person.certNo}
          onChange={(e) => onChange({ ...person, certNo: e.target.value.toUpperCase() })}
        />
      </Field>
      <Field label={`${prefix}手机号`} required>
        <TextField.Root
          aria-label={`${prefix}手机号`}
          placeholder="请输入手机号"
          maxLength={11}
          value={person.phone}
          onChange={(e) => onChange({ ...person, phone: e.target.value })}
        />
      </Field>
    </Grid>
  );
}

export function PartyForm({
  label,
  role,
  party,
  onChange,
}: {
  label: '甲方' | '乙方';
  role: string;
  party: PartyValues;
  onChange: (party: PartyValues) => void;
}) {
  const set = (patch: Partial<PartyValues>) => onChange({ ...party, ...patch });
  return (
    <Card data-testid={label === '甲方' ? 'party-a' : 'party-b'}>
      <Flex justify="between" align="center" mb="3">
        <Heading size="3">
          {label}（{role}）
        </Heading>
        <RadioGroup.Root
          value={String(party.subjectType)}
          onValueChange={(value) => set({ subjectType: Number(value) as 1 | 2 })}
          orientation="horizontal"
          aria-label={`${label}主体类型`}
        >
          <Flex gap="3">
            <RadioGroup.Item value="1">个人</RadioGroup.Item>
            <RadioGroup.Item value="2">企业</RadioGroup.Item>
          </Flex>
        </RadioGroup.Root>
      </Flex>
      {party.subjectType === 1 ? (
        <PersonFields prefix={label} person={party} onChange={(person) => set(person)} />
      ) : (
        <Flex direction="column" gap="3">
          <Grid columns="3" gap="3">
            <Field label={`${label}企业名称`} required>
              <TextField.Root
                aria-label={`${label}企业名称`}
                placeholder="请输入企业名称"
                maxLength={60}
                value={party.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            </Field>
            <Field label={`${label}营业执照号`} required>
              <TextField.Root
                aria-label={`${label}营业执照号`}
                placeholder="请输入统一社会信用代码或注册号"
                maxLength={18}
                value={party.certNo}
                onChange={(e) => set({ certNo: e.target.value.toUpperCase() })}
              />
            </Field>
            <Field label={`${label}企业联系电话`}>
              <TextField.Root
                aria-label={`${label}企业联系电话`}
                placeholder="请输入手机号"
                maxLength={11}
                value={party.phone}
                onChange={(e) => set({ phone: e.target.value })}
              />
            </Field>
          </Grid>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={party.hasLegalPerson}
                onCheckedChange={(checked) => set({ hasLegalPerson: checked === true })}
              />
              法定代表人签字
            </Flex>
          </Text>
          {party.hasLegalPerson && (
            <PersonFields
              prefix={`${label}法定代表人`}
              person={party.legalPerson}
              onChange={(legalPerson) => set({ legalPerson })}
            />
          )}
        </Flex>
      )}
      <Box mt="3">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={party.hasAgent}
              onCheckedChange={(checked) => set({ hasAgent: checked === true })}
            />
            有代理人（有代理人时仅代理人签字）
          </Flex>
        </Text>
        {party.hasAgent && (
          <Box mt="2">
            <PersonFields
              prefix={`${label}代理人`}
              person={party.agent}
              onChange={(agent) => set({ agent })}
            />
          </Box>
        )}
      </Box>
      {party.subjectType === 1 && (
        <Box mt="3">
          {party.coOwners.map((owner, index) => (
            <Flex key={index} gap="2" align="end" mb="2">
              <Box flexGrow="1">
                <PersonFields
                  prefix={`${label}共有人${index + 1}`}
                  person={owner}
                  onChange={(next) =>
                    set({ coOwners: party.coOwners.map((o, i) => (i === index ? next : o)) })
                  }
                />
              </Box>
              <Button
                variant="soft"
                color="red"
                onClick={() => set({ coOwners: party.coOwners.filter((_, i) => i !== index) })}
              >
                删除
              </Button>
            </Flex>
          ))}
          {party.coOwners.length < 10 && (
            <Button
              size="1"
              variant="soft"
              onClick={() => set({ coOwners: [...party.coOwners, emptyPerson()] })}
            >
              添加共有人
            </Button>
          )}
        </Box>
      )}
    </Card>
  );
}

function FieldInput({
  spec,
  value,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  switch (spec.kind) {
    case 'select':
      return (
        <ChoiceSelect label={spec.title} options={spec.options ?? []} value={value} onChange={onChange} />
      );
    case 'multi': {
      const picked = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Flex gap="3" wrap="wrap" py="1">
          <ChoiceChecks options={spec.options ?? []} picked={picked} onChange={onChange} />
        </Flex>
      );
    }
    case 'houseType': {
      const current = (value ?? {}) as Record<string, string>;
      return (
        <Flex gap="1" align="center">
          {(
            [
              ['room', '室'],
              ['hall', '厅'],
              ['bath', '卫'],
            ] as const
          ).map(([key, unit]) => (
            <Flex key={key} gap="1" align="center">
              <TextField.Root
                aria-label={`户型${unit}`}
                inputMode="numeric"
                style={{ width: 48 }}
                value={current[key] ?? ''}
                onChange={(e) => onChange({ ...current, [key]: e.target.value })}
              />
              <Text size="2">{unit}</Text>
            </Flex>
          ))}
        </Flex>
      );
    }
    case 'textarea':
      return (
        <TextArea
          aria-label={spec.title}
          placeholder={`请输入${spec.title}`}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date':
      return (
        <TextField.Root
          aria-label={spec.title}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <TextField.Root
          aria-label={spec.title}
          placeholder={`请输入${spec.title}`}
          inputMode={spec.kind === 'number' || spec.kind === 'int' ? 'decimal' : undefined}
          maxLength={140}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {spec.unit && <TextField.Slot side="right">{spec.unit}</TextField.Slot>}
        </TextField.Root>
      );
  }
}

export function GroupForm({
  spec,
  values,
  requireFlags,
  onChange,
  isNarrow = false,
}: {
  spec: GroupSpec;
  values: FormValues;
  requireFlags: Record<string, number>;
  onChange: (key: string, value: unknown) => void;
  /** One column (the visual view's side panel). */
  isNarrow?: boolean;
}) {
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  const group = raw[spec.group] ?? {};
  const shown = spec.fields.filter((field) => isFieldShown(`${spec.group}.${field.key}`, raw));
  return (
    <Card data-testid={`group-${spec.group}`}>
      <Heading size="3" mb="3">
        {spec.title}
      </Heading>
      <Grid columns={isNarrow ? '1' : { initial: '2', md: '3' }} gap="3">
        {shown.map((field) => (
          <Box
            key={field.key}
            gridColumn={field.kind === 'textarea' || field.kind === 'multi' ? '1 / -1' : undefined}
          >
            <Field label={field.title} required={requireFlags[`${spec.group}.${field.key}`] === 1}>
              <FieldInput
                spec={field}
                value={group[field.key]}
                onChange={(value) => onChange(field.key, value)}
              />
            </Field>
          </Box>
        ))}
      </Grid>
    </Card>
  );
}

const provincesMachine = resourceMachine.provide({ actors: { load: loadProvinces } });

function RegionLevel<T>({
  label,
  load,
  toValue,
  value,
  onChange,
}: {
  label: string;
  load: () => Promise<T[]>;
  toValue: (item: T) => RegionValue;
  value: RegionValue;
  onChange: (value: RegionValue) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: fromPromise<unknown>(load) } }));
  const [snapshot] = useMachine(machine, { inspect });
  const items = ((snapshot.context.data as T[] | null) ?? []).map(toValue);
  return (
    <Select.Root
      value={value.id ? String(value.id) : none}
      onValueChange={(picked) =>
        onChange(items.find((i) => String(i.id) === picked) ?? { id: null, name: null })
      }
    >
      <Select.Trigger aria-label={label} placeholder={`请选择${label}`} />
      <Select.Content>
        <Select.Item value={none}>请选择{label}</Select.Item>
        {items.map((item) => (
          <Select.Item key={item.id} value={String(item.id)}>
            {item.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

export function RegionPicker({
  region,
  required,
  onChange,
}: {
  region: FormValues['region'];
  required: boolean;
  onChange: (region: FormValues['region']) => void;
}) {
  const [provinces] = useMachine(provincesMachine, { inspect });
  const provinceItems = ((provinces.context.data as Province[] | null) ?? []).map((p) => ({
    id: p.provinceid,
    name: p.name,
  }));
  const empty = { id: null, name: null };
  return (
    <Field label="房屋所在地区" required={required}>
      <Flex gap="2">
        <Select.Root
          value={region.province.id ? String(region.province.id) : none}
          onValueChange={(picked) =>
            onChange({
              province: provinceItems.find((p) => String(p.id) === picked) ?? empty,
              city: empty,
              district: empty,
            })
          }
        >
          <Select.Trigger aria-label="省" placeholder="请选择省" />
          <Select.Content>
            <Select.Item value={none}>请选择省</Select.Item>
            {provinceItems.map((p) => (
              <Select.Item key={p.id} value={String(p.id)}>
                {p.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {region.province.id !== null && (
          <RegionLevel<City>
            key={`city:${region.province.id}`}
            label="市"
            load={() => fetchCities(region.province.id!)}
            toValue={(c) => ({ id: c.cityid, name: c.name })}
            value={region.city}
            onChange={(city) => onChange({ ...region, city, district: empty })}
          />
        )}
        {region.city.id !== null && (
          <RegionLevel<District>
            key={`district:${region.city.id}`}
            label="区县"
            load={() => fetchDistricts(region.city.id!)}
            toValue={(d) => ({ id: d.distractId, name: d.distractName })}
            value={region.district}
            onChange={(district) => onChange({ ...region, district })}
          />
        )}
      </Flex>
    </Field>
  );
}

export function CustomFieldsForm({
  fields,
  values,
  onChange,
  isNarrow = false,
}: {
  fields: SignWidgetField[];
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  /** One column (the visual view's side panel). */
  isNarrow?: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <Card data-testid="custom-fields">
      <Heading size="3" mb="3">
        模板约定
      </Heading>
      <Grid columns={isNarrow ? '1' : { initial: '2', md: '3' }} gap="3">
        {fields.map((field) => {
          const value = values[field.fieldName];
          const label = field.fieldTitle;
          const required = field.requiredStatus === 1;
          const options = (field.optionsData ?? []).map((o) => ({ value: o, label: o }));
          let input: React.ReactNode;
          switch (field.type) {
            case 4:
              input = (
                <ChoiceSelect
                  label={label}
                  options={options}
                  value={value}
                  onChange={(v) => onChange(field.fieldName, v)}
                />
              );
              break;
            case 5:
              input = (
                <FieldInput
                  spec={{ key: field.fieldName, title: label, kind: 'multi', options }}
                  value={value}
                  onChange={(v) => onChange(field.fieldName, v)}
                />
              );
              break;
            case 6:
              input = (
                <TextField.Root
                  aria-label={label}
                  type={field.dateType === 2 ? 'datetime-local' : 'date'}
                  value={typeof value === 'string' ? value.replace(' ', 'T') : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value.replace('T', ' '))}
                />
              );
              break;
            case 2:
              input = (
                <TextArea
                  aria-label={label}
                  placeholder={field.placeholder ?? `请输入${label}`}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value)}
                />
              );
              break;
            default:
              input = (
                <TextField.Root
                  aria-label={label}
                  placeholder={field.placeholder ?? `请输入${label}`}
                  inputMode={field.type === 3 || field.type === 7 ? 'decimal' : undefined}
                  value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value)}
                >
                  {field.numUnit && <TextField.Slot side="right">{field.numUnit}</TextField.Slot>}
                </TextField.Root>
              );
          }
          return (
            <Box
              key={field.fieldName}
              gridColumn={field.type === 2 || field.type === 5 ? '1 / -1' : undefined}
            >
              <Field label={label} required={required}>
                {input}
              </Field>
            </Box>
          );
        })}
      </Grid>
    </Card>
  );
}

export function FurnitureForm({
  furniture,
  onChange,
}: {
  furniture: FormValues['furniture'];
  onChange: (furniture: FormValues['furniture']) => void;
}) {
  return (
    <Card data-testid="furniture">
      <Heading size="3" mb="3">
        家具家电及交接清单
      </Heading>
      {furniture.items.map((item, index) => {
        const update = (patch: Partial<typeof item>) =>
          onChange({
            ...furniture,
            items: furniture.items.map((it, i) => (i === index ? { ...it, ...patch } : it)),
          });
        return (
          <Flex key={index} gap="2" mb="2" align="center">
            <TextField.Root
              aria-label={`物品名称${index + 1}`}
              placeholder="请输入物品名称"
              maxLength={30}
              value={item.name}
              onChange={(e) => update({ name: e.target.value })}
            />
            <TextField.Root
              aria-label={`数量${index + 1}`}
              placeholder="数量"
              inputMode="numeric"
              style={{ width: 80 }}
              value={item.count}
              onChange={(e) => update({ count: e.target.value })}
            />
            <TextField.Root
              aria-label={`物品备注${index + 1}`}
              placeholder="请输入备注"
              maxLength={140}
              value={item.remark}
              onChange={(e) => update({ remark: e.target.value })}
              style={{ flex: 1 }}
            />
            <Button
              variant="soft"
              color="red"
              onClick={() => onChange({ ...furniture, items: furniture.items.filter((_, i) => i !== index) })}
            >
              删除
            </Button>
          </Flex>
        );
      })}
      <Button
        size="1"
        variant="soft"
        onClick={() =>
          onChange({ ...furniture, items: [...furniture.items, { name: '', count: '1', remark: '' }] })
        }
      >
        添加物品
      </Button>
      <Box mt="3">
        <TextArea
          aria-label="清单备注"
          placeholder="请输入清单备注"
          maxLength={500}
          value={furniture.remark}
          onChange={(e) => onChange({ ...furniture, remark: e.target.value })}
        />
      </Box>
    </Card>
  );
}
