import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useLocation, useNavigate } from 'react-router';

/** 000 section 8: page {url} is not found. Back goes to / when there is nothing to go back to. */
export default function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <Flex align="center" justify="center" className="full-screen">
      <Card size="4">
        <Heading size="6" mb="2">
          页面不存在
        </Heading>
        <Text as="p" color="gray" mb="4" data-testid="not-found">
          页面 {location.pathname} 不存在
        </Text>
        <Flex gap="3">
          <Button onClick={goBack}>返回</Button>
          <Button variant="soft" onClick={() => void navigate('/layout/index')}>
            回到首页
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
