/**
 * 修改状态 of a listing (有效、暂缓、我售/我租、他售/他租、无效 and the company's A-D names): only the
 * statuses the role may set are offered (仅可修改所选出售/出租状态); the change and its remark go to
 * the listing's record. The server refuses the same ones, so a stale permission still ends in a message.
 */
import { useState } from 'react';
import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { houseStateName, houseStateValues, type CustomStateName } from '../../../domain/house-rules';
import { changeHouseState } from './house-actors';

export function HouseStateDialog({
  houseId,
  kind,
  current,
  names,
  allowed,
  onClose,
}: {
  houseId: number;
  kind: number;
  current: number;
  names: readonly CustomStateName[];
  /** The statuses the role may set; null: every one. */
  allowed: number[] | null;
  onClose: (changed: boolean) => void;
}) {
  const choices = houseStateValues.filter(
    (state) => state !== current && (!allowed || allowed.includes(state)),
  );
  const [state, setState] = useState<(typeof houseStateValues)[number] | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const canLeave = !allowed || allowed.includes(current);

  async function save() {
    if (state === null) return setError('请选择房源状态');
    setIsSaving(true);
    try {
      await changeHouseState(houseId, state, remark);
      onClose(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>修改状态</Dialog.Title>
        <Flex direction="column" gap="3">
          <Text size="2" color="gray">
            当前状态：{houseStateName(current, kind, names)}
          </Text>
          {canLeave && choices.length > 0 ? (
            <>
              <Select.Root
                value={state === null ? undefined : String(state)}
                onValueChange={(v) => setState(Number(v) as (typeof houseStateValues)[number])}
              >
                <Select.Trigger aria-label="新状态" />
                <Select.Content>
                  {choices.map((value) => (
                    <Select.Item key={value} value={String(value)}>
                      {houseStateName(value, kind, names)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
              <TextArea
                aria-label="状态备注"
                placeholder="备注（选填），将写入房源记录"
                maxLength={140}
                value={remark}
                onChange={(event) => setRemark(event.target.value)}
              />
            </>
          ) : (
            <Text size="2">您没有权限修改该状态的房源，请联系管理员设置状态权限。</Text>
          )}
          {error && (
            <Text size="2" color="red" role="alert">
              {error}
            </Text>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => onClose(false)}>
              取消
            </Button>
            {canLeave && choices.length > 0 && (
              <Button loading={isSaving} onClick={() => void save()}>
                确定
              </Button>
            )}
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
