/**
 * Choosing one colleague from the whole staff (issue 38): a combobox that reads -请选择- or the chosen
 * name; opening it searches /org/v2/staffList by name or phone as one types (15 a page, 加载更多), like
 * StaffSearch does for several people. Used by the approver steps of 审批设置 and of a template's
 * own approval, and, with an `anyLabel` (全部发起人), as a list filter that can also mean everyone.
 */
import { useState } from 'react';
import { Box, Button, Flex, Popover, ScrollArea, Text } from '@radix-ui/themes';
import { TextField } from './text-field';
import { selectPlaceholder } from './input-rules';
import { knownStaffName, StaffResultsEnd, useStaffResults, type StaffChoice } from './staff-search';

type Props = {
  /** The field's name, read by screen readers and on the search box. */
  label: string;
  userId: number | null;
  onChange: (person: StaffChoice) => void;
  /** For a filter: what no choice reads (全部发起人), also offered first in the list to undo a choice. */
  anyLabel?: string;
  onClear?: () => void;
};

export function StaffPick({ label, userId, onChange, anyLabel, onClear }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const staff = useStaffResults(isOpen);
  const { keywords, search, results } = staff;
  const chosenName = userId ? (knownStaffName(userId) ?? '已选员工') : null;
  const choose = (person: StaffChoice | null) => {
    if (person) onChange(person);
    else onClear?.();
    setIsOpen(false);
  };
  const choices: (StaffChoice | null)[] = anyLabel ? [null, ...results.people] : results.people;
  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger>
        <Button type="button" variant="surface" color="gray" role="combobox" aria-label={label}>
          {chosenName ?? anyLabel ?? selectPlaceholder}
        </Button>
      </Popover.Trigger>
      <Popover.Content width="300px" aria-label={label}>
        <Flex direction="column" gap="2" data-testid="staff-pick">
          <TextField.Root
            aria-label={`搜索${label}`}
            placeholder="输入姓名或手机号搜索"
            maxLength={30}
            value={keywords}
            onChange={(event) => search(event.target.value)}
          />
          <ScrollArea style={{ maxHeight: 220 }}>
            <Box pr="3">
              <Flex direction="column" role="listbox" aria-label={label}>
                {choices.map((person) => (
                  <Box
                    key={person?.userId ?? 'any'}
                    role="option"
                    aria-selected={(person?.userId ?? null) === userId}
                    tabIndex={0}
                    py="1"
                    px="1"
                    style={{ cursor: 'pointer', borderRadius: 4 }}
                    onClick={() => choose(person)}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter' && event.key !== ' ') return;
                      event.preventDefault();
                      choose(person);
                    }}
                  >
                    <Text size="2">
                      {person ? person.name : anyLabel}
                      {person?.deptName && `（${person.deptName}）`}
                    </Text>
                  </Box>
                ))}
              </Flex>
              <StaffResultsEnd staff={staff} />
            </Box>
          </ScrollArea>
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
