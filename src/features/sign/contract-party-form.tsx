/** A party of the contract form: an individual or a company, an optional agent, and the co-owners. */
import type { ReactNode } from 'react';
import { Box, Button, Card, Checkbox, Flex, Grid, Heading, RadioGroup, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { certTypeOptions } from '../../../domain/sign-contract-text';
import { emptyPerson, type PartyValues, type PersonValues } from './contract-form-values';
import { ChoiceSelect, Field } from '../../ui/form-controls';

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
  picker,
}: {
  label: '甲方' | '乙方';
  role: string;
  party: PartyValues;
  onChange: (party: PartyValues) => void;
  /** Beside the heading: where the party can be picked from (乙方 from the customer book). */
  picker?: ReactNode;
}) {
  const set = (patch: Partial<PartyValues>) => onChange({ ...party, ...patch });
  return (
    <Card data-testid={label === '甲方' ? 'party-a' : 'party-b'}>
      <Flex justify="between" align="center" mb="3">
        <Flex gap="3" align="center">
          <Heading size="3">
            {label}（{role}）
          </Heading>
          {picker}
        </Flex>
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
