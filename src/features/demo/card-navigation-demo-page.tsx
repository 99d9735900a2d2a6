/**
 * 演示：浏览器卡片导航 (/views/demo/test16; 000 section 2 lists it as a demo page, "browser card
 * navigation", without its content): pages shown as cards the way a browser shows its open tabs;
 * choosing a card (click, or arrow keys and Enter on the card strip) brings its page forward, and
 * a card can be closed and opened again.
 */
import { useState, type KeyboardEvent } from 'react';
import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import './demo.css';

type DemoCard = { id: string; title: string; body: string };

const allCards: DemoCard[] = [
  { id: 'home', title: '首页', body: '今日待办、公告与常用入口。' },
  { id: 'house', title: '房源', body: '公司的出售与出租房源，按区域、价格与面积筛选。' },
  { id: 'customer', title: '客源', body: '求购与求租客户及其跟进记录。' },
  { id: 'contract', title: '合同', body: '买卖与租赁合同台账，记录每份合同的办理状态。' },
];

export default function CardNavigationDemoPage(_props: PageProps) {
  const [openIds, setOpenIds] = useState(allCards.map((card) => card.id));
  const [currentId, setCurrentId] = useState('home');
  const open = allCards.filter((card) => openIds.includes(card.id));
  const closed = allCards.filter((card) => !openIds.includes(card.id));
  const current = open.find((card) => card.id === currentId) ?? open[0] ?? null;

  const choose = (id: string) => {
    setCurrentId(id);
    document.getElementById(`demo-card-${id}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || open.length === 0) return;
    event.preventDefault();
    const next = open[(index + step + open.length) % open.length];
    if (next) choose(next.id);
  };
  const close = (id: string) => {
    const rest = openIds.filter((other) => other !== id);
    setOpenIds(rest);
    if (currentId === id && rest[0]) setCurrentId(rest[0]);
  };

  return (
    <Box p="5" data-testid="card-navigation-demo-page">
      <Heading size="5" mb="2">
        演示：浏览器卡片导航
      </Heading>
      <Text as="p" size="2" mb="4">
        每张卡片是一个打开的页面：点击卡片或用左右方向键切换，关闭按钮收起卡片，下方可重新打开。
      </Text>
      <Flex gap="3" wrap="wrap" align="stretch">
        <div role="tablist" aria-label="打开的页面" className="demo-card-strip">
          {open.map((card, index) => {
            const isCurrent = card.id === current?.id;
            return (
              <button
                key={card.id}
                id={`demo-card-${card.id}`}
                type="button"
                role="tab"
                aria-selected={isCurrent}
                aria-controls="demo-card-panel"
                tabIndex={isCurrent ? 0 : -1}
                className={isCurrent ? 'demo-card is-current' : 'demo-card'}
                onClick={() => setCurrentId(card.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {card.title}
              </button>
            );
          })}
        </div>
        <Flex gap="2" align="center" wrap="wrap">
          {open.map((card) => (
            <Button
              key={card.id}
              size="1"
              variant="soft"
              color="gray"
              disabled={open.length === 1}
              onClick={() => close(card.id)}
            >
              关闭{card.title}
            </Button>
          ))}
        </Flex>
      </Flex>
      {current && (
        <Card
          mt="4"
          id="demo-card-panel"
          role="tabpanel"
          aria-labelledby={`demo-card-${current.id}`}
          data-testid="demo-card-panel"
        >
          <Heading as="h3" size="4" mb="2">
            {current.title}
          </Heading>
          <Text size="2">{current.body}</Text>
        </Card>
      )}
      {closed.length > 0 && (
        <Flex gap="2" mt="4" align="center" wrap="wrap">
          <Text size="2">已关闭：</Text>
          {closed.map((card) => (
            <Button
              key={card.id}
              size="1"
              variant="outline"
              onClick={() => {
                setOpenIds(allCards.map((c) => c.id).filter((id) => id === card.id || openIds.includes(id)));
                setCurrentId(card.id);
              }}
            >
              重新打开{card.title}
            </Button>
          ))}
        </Flex>
      )}
    </Box>
  );
}
