/** The contract form's region picker: province, city, district, each loaded once the one above is chosen. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Flex } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { selectPlaceholder } from '../../ui/input-rules';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import type { FormValues, RegionValue } from './contract-form-values';
import {
  loadProvinces,
  fetchCities,
  fetchDistricts,
  type City,
  type District,
  type Province,
} from './sign-actors';
import { fromPromise } from 'xstate';
import { Field, none } from '../../ui/form-controls';

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
      <Select.Trigger aria-label={label} />
      <Select.Content>
        <Select.Item value={none}>{selectPlaceholder}</Select.Item>
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
          <Select.Trigger aria-label="省" />
          <Select.Content>
            <Select.Item value={none}>{selectPlaceholder}</Select.Item>
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
