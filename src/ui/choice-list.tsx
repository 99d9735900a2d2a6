/**
 * A short list beside a panel that shows the chosen item (角色, 职级序列). Each row is a plain list
 * item: its name is a button that chooses it (aria-current marks the chosen one), and the row's own
 * actions (删除) are buttons beside it, not inside an option, so nothing interactive is nested and
 * every row is reachable with Tab.
 */
import type { ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

type Props<Item> = {
  label: string;
  items: readonly Item[];
  itemKey: (item: Item) => string | number;
  itemName: (item: Item) => string;
  chosenKey: string | number | null | undefined;
  onChoose: (item: Item) => void;
  /** Shown after the name inside the choosing button (a count badge). */
  detail?: (item: Item) => ReactNode;
  /** The row's own buttons, beside the choosing button. */
  actions?: (item: Item) => ReactNode;
  empty?: ReactNode;
};

export function ChoiceList<Item>(props: Props<Item>) {
  const { items, itemKey, chosenKey } = props;
  if (items.length === 0 && props.empty) return <>{props.empty}</>;
  return (
    <ul aria-label={props.label} className="choice-list">
      {items.map((item) => {
        const isChosen = itemKey(item) === chosenKey;
        return (
          <li key={itemKey(item)} className="choice-list-row" data-chosen={isChosen || undefined}>
            <button
              type="button"
              className="choice-list-choose"
              aria-current={isChosen ? 'true' : undefined}
              onClick={() => props.onChoose(item)}
            >
              <Text size="2">{props.itemName(item)}</Text>
              {props.detail && <Flex align="center">{props.detail(item)}</Flex>}
            </button>
            {props.actions?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
