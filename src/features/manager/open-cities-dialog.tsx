/**
 * 开通城市: the cities the company works in (listings and communities are entered in them), one of
 * them the default; more cities chosen from the national list grouped by initial. Saving is for the
 * manager; others see the list.
 */
import { useState } from 'react';
import { Badge, Box, Button, Callout, Dialog, Flex, Heading, Radio, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { emitFeedback } from '../../api/feedback';
import { useResource } from '../../ui/use-resource';
import {
  errorText,
  fetchMoreCities,
  fetchOpenCities,
  saveOpenCities,
  type CityGroup,
  type OpenCity,
} from './org-actors';

type Chosen = { cityid: number; name: string };

export function OpenCitiesDialog({ isManager, onClose }: { isManager: boolean; onClose: () => void }) {
  const opened = useResource(fetchOpenCities);
  const [chosen, setChosen] = useState<Chosen[] | null>(null);
  const [defaultId, setDefaultId] = useState<number | null>(null);
  const [key, setKey] = useState('');
  const [groups, setGroups] = useState<CityGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const cities: Chosen[] =
    chosen ?? (opened.data ?? []).map((city: OpenCity) => ({ cityid: city.cityid, name: city.name }));
  const defaultCity = defaultId ?? opened.data?.find((city) => city.isDefault === 1)?.cityid ?? null;

  async function search() {
    try {
      setGroups(await fetchMoreCities(key));
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  async function save() {
    if (cities.length === 0 || defaultCity === null) return setError('请至少开通一个城市并选择默认城市');
    setIsSaving(true);
    try {
      await saveOpenCities(
        cities.map((city) => city.cityid),
        defaultCity,
      );
      emitFeedback({ kind: 'toast', text: '开通城市已保存', tone: 'success' });
      onClose();
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>开通城市</Dialog.Title>
        {opened.isLoading && <Text color="gray">加载中...</Text>}
        <Flex direction="column" gap="3">
          <Flex direction="column" gap="2" role="list" aria-label="已开通城市">
            {cities.map((city) => (
              <Flex key={city.cityid} role="listitem" justify="between" align="center">
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Radio
                      name="default-city"
                      value={String(city.cityid)}
                      checked={city.cityid === defaultCity}
                      disabled={!isManager}
                      onValueChange={() => setDefaultId(city.cityid)}
                    />
                    {city.name}
                    {city.cityid === defaultCity && <Badge size="1">默认</Badge>}
                  </Flex>
                </Text>
                {isManager && cities.length > 1 && city.cityid !== defaultCity && (
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    onClick={() => setChosen(cities.filter((other) => other.cityid !== city.cityid))}
                  >
                    移除
                  </Button>
                )}
              </Flex>
            ))}
          </Flex>
          {isManager && (
            <Box>
              <Heading size="2" mb="2">
                添加城市
              </Heading>
              <Flex gap="2">
                <TextField.Root
                  aria-label="城市名"
                  placeholder="输入城市名搜索"
                  value={key}
                  maxLength={20}
                  onChange={(event) => setKey(event.target.value)}
                  onKeyDown={(event) => event.key === 'Enter' && void search()}
                />
                <Button variant="soft" onClick={() => void search()}>
                  搜索
                </Button>
              </Flex>
              {groups && (
                <Box mt="2" style={{ maxHeight: 220, overflowY: 'auto' }}>
                  {groups.length === 0 && <Text color="gray">没有找到城市</Text>}
                  {groups.map((group) => (
                    <Flex key={group.letter} gap="2" wrap="wrap" align="center" mb="1">
                      <Text weight="bold" size="2" style={{ width: 16 }}>
                        {group.letter}
                      </Text>
                      {group.cities.map((city) => {
                        const isIn = cities.some((c) => c.cityid === city.cityid);
                        return (
                          <Button
                            key={city.cityid}
                            size="1"
                            variant={isIn ? 'solid' : 'outline'}
                            disabled={isIn}
                            onClick={() => setChosen([...cities, { cityid: city.cityid, name: city.name }])}
                          >
                            {city.name}
                          </Button>
                        );
                      })}
                    </Flex>
                  ))}
                </Box>
              )}
            </Box>
          )}
          {error && (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={onClose}>
              {isManager ? '取消' : '关闭'}
            </Button>
            {isManager && (
              <Button loading={isSaving} onClick={() => void save()}>
                保存
              </Button>
            )}
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
