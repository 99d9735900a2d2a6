/**
 * Choosing colleagues from the whole staff (issue 17): type a name or phone and the server searches
 * (/org/v2/staffList, 15 a page, 加载更多 for the next), instead of a list of the first hundred. The
 * chosen people stay listed above the search as removable tags.
 */
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, IconButton, ScrollArea, Text } from '@radix-ui/themes';
import { TextField } from './text-field';
import { api, ok } from '../api/client';

export type StaffChoice = { userId: number; name: string; deptName: string | null };

export const staffPageSize = 15;
/** Typing settles this long before the server is asked. */
export const staffSearchDelayMs = 300;

type Page = { people: StaffChoice[]; total: number };

/**
 * Names of colleagues met in searches and in saved settings, so a chosen person reads by name even when
 * he is not on the page of results shown.
 */
const knownNames = new Map<number, string>();

export function rememberStaffNames(people: readonly { userId: number | null; name: string }[]): void {
  for (const person of people) if (person.userId) knownNames.set(person.userId, person.name);
}

export function knownStaffName(userId: number): string | null {
  return knownNames.get(userId) ?? null;
}

export async function searchStaff(keywords: string, pageindex: number): Promise<Page> {
  const reply = await ok(
    api.GET('/org/v2/staffList', {
      params: {
        query: { pageindex, pagesize: staffPageSize, ...(keywords ? { key: 0 as const, keywords } : {}) },
      },
    }),
  );
  const people = (reply.data ?? []).map((person) => ({
    userId: person.userId,
    name: person.name,
    deptName: person.deptName ?? null,
  }));
  rememberStaffNames(people);
  return { people, total: reply.total ?? 0 };
}

/** The server's answers for what is typed, page after page; nothing is asked while `isActive` is off. */
export function useStaffResults(isActive: boolean) {
  const [keywords, setKeywords] = useState('');
  const [results, setResults] = useState<Page>({ people: [], total: 0 });
  const [pageindex, setPageindex] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!isActive) return;
    let isCurrent = true;
    const timer = setTimeout(
      () => {
        searchStaff(keywords.trim(), pageindex).then(
          (page) => {
            if (!isCurrent) return;
            setResults((before) =>
              pageindex === 1 ? page : { people: [...before.people, ...page.people], total: page.total },
            );
            setState('ready');
          },
          (failure: unknown) => {
            if (!isCurrent) return;
            setError(failure instanceof Error ? failure.message : String(failure));
            setState('failed');
          },
        );
      },
      pageindex === 1 ? staffSearchDelayMs : 0,
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [keywords, pageindex, isActive]);
  const more = () => {
    setPageindex((page) => page + 1);
    setState('loading');
  };
  const search = (typed: string) => {
    setKeywords(typed);
    setPageindex(1);
    setState('loading');
  };
  return { keywords, search, results, state, error, more };
}

/** Below a page of results: nothing found, the failure, 加载更多 with how many are shown, or 加载中…. */
export function StaffResultsEnd({ staff }: { staff: ReturnType<typeof useStaffResults> }) {
  const { results, state, error, more } = staff;
  return (
    <>
      {state === 'ready' && results.people.length === 0 && (
        <Text size="2" color="gray">
          没有找到相关员工
        </Text>
      )}
      {state === 'failed' && (
        <Text size="2" color="red">
          {error}
        </Text>
      )}
      {state === 'ready' && results.people.length < results.total && (
        <Button size="1" variant="ghost" onClick={more}>
          加载更多（已显示 {results.people.length} / {results.total}）
        </Button>
      )}
      {state === 'loading' && (
        <Text size="2" color="gray">
          加载中…
        </Text>
      )}
    </>
  );
}

type Props = {
  label: string;
  selected: StaffChoice[];
  onChange: (selected: StaffChoice[]) => void;
};

export function StaffSearch({ label, selected, onChange }: Props) {
  const staff = useStaffResults(true);
  const { keywords, search, results } = staff;

  const isChosen = (userId: number) => selected.some((person) => person.userId === userId);
  const toggle = (person: StaffChoice, on: boolean) =>
    onChange(
      on
        ? [...selected.filter((p) => p.userId !== person.userId), person]
        : selected.filter((p) => p.userId !== person.userId),
    );

  return (
    <Flex direction="column" gap="2" data-testid="staff-search">
      <Text size="2" weight="bold">
        {label}
      </Text>
      {selected.length > 0 && (
        <Flex gap="1" wrap="wrap" aria-label={`已选${label}`}>
          {selected.map((person) => (
            <Badge key={person.userId} variant="soft" size="2">
              {person.name}
              <IconButton
                size="1"
                variant="ghost"
                aria-label={`移除 ${person.name}`}
                onClick={() => toggle(person, false)}
              >
                ×
              </IconButton>
            </Badge>
          ))}
        </Flex>
      )}
      <TextField.Root
        aria-label={`搜索${label}`}
        placeholder="输入姓名或手机号搜索"
        maxLength={30}
        value={keywords}
        onChange={(event) => search(event.target.value)}
      />
      <ScrollArea style={{ maxHeight: 200 }}>
        <Box pr="3">
          {results.people.map((person) => (
            <Text as="label" size="2" key={person.userId}>
              <Flex gap="2" align="center" py="1">
                <Checkbox
                  checked={isChosen(person.userId)}
                  onCheckedChange={(checked) => toggle(person, checked === true)}
                />
                {person.name}
                {person.deptName && <Text color="gray">（{person.deptName}）</Text>}
              </Flex>
            </Text>
          ))}
          <StaffResultsEnd staff={staff} />
        </Box>
      </ScrollArea>
    </Flex>
  );
}
