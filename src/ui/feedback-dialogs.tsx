/**
 * The request layer's two modals (000 section 8): 406 (取消 / 去购买) and 400020 (取消 / 去修改).
 * FeedbackHost loads this module the first time one of them is needed.
 */
import { AlertDialog, Button, Flex } from '@radix-ui/themes';

export default function FeedbackDialogs({
  needPackage,
  identityWrong,
  onBuy,
  onCloseNeedPackage,
  onCloseIdentityWrong,
}: {
  needPackage: string | null;
  identityWrong: string | null;
  onBuy: () => void;
  onCloseNeedPackage: () => void;
  onCloseIdentityWrong: () => void;
}) {
  return (
    <>
      <AlertDialog.Root open={needPackage !== null} onOpenChange={(open) => !open && onCloseNeedPackage()}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>提示</AlertDialog.Title>
          <AlertDialog.Description>{needPackage}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={onBuy}>去购买</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
      <AlertDialog.Root
        open={identityWrong !== null}
        onOpenChange={(open) => !open && onCloseIdentityWrong()}
      >
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>提示</AlertDialog.Title>
          <AlertDialog.Description>{`${identityWrong ?? ''} 身份信息填写错误 请填写正确信息再提交`}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button>去修改</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
