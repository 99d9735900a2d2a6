/**
 * Keeps an error inside the page that caused it: the page shows what went wrong and 重试, while the
 * tab bar, the menu and the other tabs keep working (a lazy screen that failed or timed out arrives
 * here too). The error is logged for developers.
 */
import { Component, type ReactNode } from 'react';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';

type Props = { children: ReactNode; onRetry: () => void };
type State = { error: Error | null };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('page failed', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Flex direction="column" gap="3" p="6" align="start" data-testid="page-error">
        <Callout.Root color="red" role="alert">
          <Callout.Text>页面出错了：{this.state.error.message}</Callout.Text>
        </Callout.Root>
        <Text size="2" color="gray">
          其他页面不受影响，可以继续使用；也可以重试本页。
        </Text>
        <Button
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          重试
        </Button>
      </Flex>
    );
  }
}
