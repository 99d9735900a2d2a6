/**
 * 演示：3D 翻转 (/views/demo/test8; 000 section 2 lists it as a demo page, "3D flip", without its
 * content): a card that turns over in 3D to show its back, by click or by keyboard (it is a toggle
 * button), and without the animation for those who ask for reduced motion.
 */
import { useState } from 'react';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import './demo.css';

const cards = [
  { front: '房源', back: '录入、维护与跟进公司的出售和出租房源' },
  { front: '客源', back: '登记求购、求租客户，按需求匹配房源' },
  { front: '在线签约', back: '选择合同模板，各方在线签署，生成可验证的电子合同' },
];

export default function FlipCardDemoPage(_props: PageProps) {
  const [turned, setTurned] = useState<Record<number, boolean>>({});
  return (
    <Box p="5" data-testid="flip-card-demo-page">
      <Heading size="5" mb="2">
        演示：3D 翻转
      </Heading>
      <Text as="p" size="2" mb="4">
        点击卡片，或用 Tab 选中后按回车或空格，卡片翻转到背面；再按一次翻回正面。
      </Text>
      <Flex gap="5" wrap="wrap">
        {cards.map((card, index) => {
          const isTurned = turned[index] === true;
          return (
            <button
              key={card.front}
              type="button"
              className="flip-card"
              aria-pressed={isTurned}
              onClick={() => setTurned((current) => ({ ...current, [index]: !isTurned }))}
            >
              <span className={isTurned ? 'flip-card-inner is-turned' : 'flip-card-inner'}>
                <span className="flip-card-face flip-card-front" aria-hidden={isTurned}>
                  {card.front}
                </span>
                <span className="flip-card-face flip-card-back" aria-hidden={!isTurned}>
                  {card.back}
                </span>
              </span>
            </button>
          );
        })}
      </Flex>
    </Box>
  );
}
