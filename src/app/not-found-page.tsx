/**
 * 000 section 8's page not found ('page {url} is not found'): for an address (the route table has no
 * such path) and for a tab of the main layout whose page the product does not have (a saved tab or a
 * menu entry of a page that is gone). A tab names the page by its menu name, never by its internal
 * path; an address is what the user typed or followed, so it is said as it is.
 */
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useLocation, useNavigate } from 'react-router';

type Props = {
  /** What was asked for: the address, or the tab's name in 「」. */
  what: string;
  onBack: () => void;
  onHome: () => void;
};

export function PageNotFound({ what, onBack, onHome }: Props) {
  return (
    <Card size="4" data-testid="page-not-found">
      <Heading size="6" mb="2">
        页面不存在
      </Heading>
      <Text as="p" color="gray" mb="4" data-testid="not-found">
        页面 {what} 不存在
      </Text>
      <Flex gap="3">
        <Button onClick={onBack}>返回</Button>
        <Button variant="soft" onClick={onHome}>
          回到首页
        </Button>
      </Flex>
    </Card>
  );
}

/** Back goes to / when this is the first page of the app's history (000 section 2). */
export default function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" className="full-screen">
      <PageNotFound
        what={location.pathname}
        onBack={() => void (location.key === 'default' ? navigate('/') : navigate(-1))}
        onHome={() => void navigate('/layout/index')}
      />
    </Flex>
  );
}
