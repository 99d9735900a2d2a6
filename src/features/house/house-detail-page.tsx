/**
 * /views/house/detail (房源详情; params type, id, appType): the listing opened through the house-open
 * machine (4001001 → 去跟进 / 取消; protected fields revealed on request) and moved through the
 * house-pool machine (转公盘, 拣入私盘, 锁盘, 封盘, 置顶, 删除, 还原, 彻底删除 with the seed's
 * confirmations). Buttons show only with their permissions; the server decides in the end.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Dialog,
  Flex,
  Grid,
  Heading,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { Select } from '../../ui/select';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { StartContractFromHouse } from '../../shared/deal-contracts';
import { canRecordContract } from '../../shared/ledger-pages';
import { inspect } from '../../inspector/inspection-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { houseOpenMachine } from '../../../machines/house-open.machine';
import { housePoolMachine, housePoolMessages } from '../../../machines/house-pool.machine';
import { HouseAuth, SignAuth } from '../../../domain/auth-ids';
import { followUpCategoryNames, houseStateName, type CustomStateName } from '../../../domain/house-rules';
import {
  fetchStateNames,
  loadHouse,
  poolActors,
  readHouseState,
  revealInfo,
  saveFollowUp,
  readWidgetFields,
  type HouseWidgetField,
} from './house-actors';
import { widgetValueText } from '../../../domain/widget-fields';
import { useRecordWatch } from '../../core/record-watch';
import { HouseStateDialog } from './house-state-dialog';
import {
  formatFloor,
  formatLayout,
  formatPrice,
  formatUnitPrice,
  orDash,
  property,
  renovation,
  toward,
} from './house-format';
import { HouseDetailTabs } from './house-detail-tabs';
import { HouseForm } from './house-form';
import { HouseRentInfo } from './house-rent-info';
import { ImageGallery } from '../../ui/image-gallery';
import { ListingPushStates } from '../../shared/listing-push-state';

const openMachine = houseOpenMachine.provide({ actors: { loadHouse, revealInfo, saveFollowUp } });
const poolMachine = housePoolMachine.provide({ actors: poolActors });

function FollowUpDialog({
  houseId,
  isSaving,
  onSave,
  onCancel,
}: {
  houseId: number;
  isSaving: boolean;
  onSave: (value: { houseId: number; category: 1; content: string }) => void;
  onCancel: () => void;
}) {
  const [category, setCategory] = useState('1');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>写跟进</Dialog.Title>
        <Flex direction="column" gap="3">
          <Select.Root value={category} onValueChange={setCategory}>
            <Select.Trigger aria-label="跟进方式" />
            <Select.Content>
              {[1, 2, 3, 4, 5, 6].map((code) => (
                <Select.Item key={code} value={String(code)}>
                  {followUpCategoryNames[code]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <TextArea
            aria-label="跟进内容"
            placeholder="请输入跟进内容"
            maxLength={500}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
          {problem && (
            <Text color="red" role="alert">
              {problem}
            </Text>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={onCancel}>
              取消
            </Button>
            <Button
              loading={isSaving}
              onClick={() => {
                if (!content.trim()) return setProblem('请输入跟进内容');
                onSave({ houseId, category: Number(category) as 1, content: content.trim() });
              }}
            >
              保存
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export default function HouseDetailPage({ params }: PageProps) {
  const houseId = Number(params['id'] ?? 0);
  const permissions = usePermissions();
  const can = (authId: number) => permissions.can(HouseAuth.appType, HouseAuth.itemId, authId);
  const [open, sendOpen] = useMachine(openMachine, { inspect, input: { houseId } });
  const detail = open.context.detail;
  const label = detail?.attributeLabel;
  const [pool, sendPool] = useMachine(poolMachine, {
    inspect,
    input: { houseId, flags: { attribution: 1, isLock: 0, isSeal: 0, isTop: 0 } },
  });
  const [poolChanges, setPoolChanges] = useState(0);
  /** The tabs read again when the listing was reloaded or moved. */
  const version = useMemo(() => ({ detail, poolChanges }), [detail, poolChanges]);
  const [isEditing, setIsEditing] = useState(false);
  /** The company's status names, read when 修改状态 first opens. */
  const [stateNames, setStateNames] = useState<readonly CustomStateName[] | null>(null);
  const [isChangingState, setIsChangingState] = useState(false);
  /** The company's own fields (房源基础设置 → 自定义字段), for their titles beside the values. */
  const [widgetFields, setWidgetFields] = useState<HouseWidgetField[]>([]);
  useEffect(() => {
    void readWidgetFields()
      .then(setWidgetFields)
      .catch(() => setWidgetFields([]));
  }, []);
  useEffect(() => {
    if (!detail) return;
    sendPool({
      type: 'sync',
      flags: {
        attribution: detail.requestData.attribution,
        isLock: detail.attributeLabel.isLock,
        isSeal: detail.attributeLabel.isSeal,
        isTop: detail.attributeLabel.isTop,
      },
    });
  }, [detail, sendPool]);
  const flags = pool.context.flags;
  const confirmations: Record<string, string> = {
    'listed.confirmingPublic': housePoolMessages.toPublicConfirm,
    confirmingDelete: housePoolMessages.deleteConfirm,
    confirmingRestore: housePoolMessages.restoreConfirm,
    confirmingPurge: housePoolMessages.purgeConfirm,
  };
  const confirming = Object.keys(confirmations).find((key) => pool.matches(key as never));
  const notice = pool.context.notice ?? open.context.notice;
  // Recycled elsewhere while this tab was away: 当前页面状态不可操作 closes it. Recycled here, it stays.
  const isGoneHere = [
    'recycled',
    'confirmingRestore',
    'confirmingPurge',
    'restoring',
    'purging',
    'purged',
  ].some((state) => pool.matches(state as never));
  useRecordWatch({
    appType: HouseAuth.appType,
    id: houseId,
    shown: isGoneHere ? 'gone' : detail ? detail.requestData.houseState : null,
    inoperable: [],
    read: () => readHouseState(houseId),
  });

  if (
    open.matches('followUpRequired') ||
    (open.matches('writingFollowUp') && !detail) ||
    (open.matches('savingFollowUp') && !detail)
  ) {
    return (
      <Flex p="5" direction="column" gap="3">
        <AlertDialog.Root open={open.matches('followUpRequired')}>
          <AlertDialog.Content maxWidth="420px">
            <AlertDialog.Title>请先写跟进</AlertDialog.Title>
            <AlertDialog.Description>{open.context.question}</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" onClick={() => sendOpen({ type: 'open.cancel' })}>
                  取消
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button onClick={() => sendOpen({ type: 'followUp.start' })}>去跟进</Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
        {(open.matches('writingFollowUp') || open.matches('savingFollowUp')) && (
          <FollowUpDialog
            houseId={houseId}
            isSaving={open.matches('savingFollowUp')}
            onCancel={() => sendOpen({ type: 'followUp.cancel' })}
            onSave={(value) => sendOpen({ type: 'followUp.save', value })}
          />
        )}
      </Flex>
    );
  }
  if (open.matches('closed'))
    return (
      <Flex p="5" direction="column" gap="3" align="start">
        <Text>房源未打开：查看过关键信息后需先写跟进。</Text>
        <Button onClick={() => sendOpen({ type: 'retry' })}>重新打开</Button>
      </Flex>
    );
  if (open.matches('failed'))
    return (
      <Flex p="5" direction="column" gap="3" align="start">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{open.context.error}</Callout.Text>
        </Callout.Root>
        <Button onClick={() => sendOpen({ type: 'retry' })}>重试</Button>
      </Flex>
    );
  if (!detail) return <Text m="5">加载中…</Text>;

  const data = detail.requestData;
  const revealed = open.context.revealed;
  const phone = revealed[1]?.ownerPhone ?? data.ownerPhone;
  const roomNo = revealed[2]?.roomNo ?? data.roomNo;
  const isRecycled =
    pool.matches('recycled') ||
    pool.matches('confirmingRestore') ||
    pool.matches('confirmingPurge') ||
    pool.matches('restoring') ||
    pool.matches('purging');
  const isPurged = pool.matches('purged');
  const busy = !pool.matches({ listed: 'private' }) && !pool.matches({ listed: 'public' });

  return (
    <Flex direction="column" gap="4" p="5" data-testid="house-detail">
      <Flex justify="between" align="start">
        <Box>
          <Heading size="6">
            {data.communityName} {data.buildingNo ?? ''} {data.unitNo ?? ''} {roomNo ?? ''}
          </Heading>
          <Flex gap="2" mt="1" align="center" wrap="wrap">
            <Text size="2" color="gray">
              {data.houseNo}
            </Text>
            <Badge color={flags.attribution === 2 ? 'orange' : 'blue'} data-testid="house-pool">
              {flags.attribution === 2 ? '私盘' : '公盘'}
            </Badge>
            <Badge color="green">{houseStateName(data.houseState, data.type, stateNames ?? [])}</Badge>
            {flags.isLock === 1 && <Badge color="gray">已锁定</Badge>}
            {flags.isSeal === 1 && <Badge color="gray">已封盘</Badge>}
            {flags.isTop === 1 && <Badge color="amber">置顶</Badge>}
            {isRecycled && <Badge color="red">已删除（回收站）</Badge>}
          </Flex>
        </Box>
        <Box style={{ textAlign: 'right' }}>
          <Text as="div" size="6" weight="bold" color="red">
            {formatPrice(data.type, data.price)}
          </Text>
          {data.type === 1 && (
            <Text size="2" color="gray">
              {formatUnitPrice(data.unitPrice)}
            </Text>
          )}
        </Box>
      </Flex>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} role="status">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      {isPurged ? (
        <Text>房源已彻底删除。</Text>
      ) : isRecycled ? (
        can(HouseAuth.recycleBin) && (
          <Flex gap="2">
            <Button onClick={() => sendPool({ type: 'restore' })}>还原</Button>
            <Button color="red" variant="soft" onClick={() => sendPool({ type: 'purge' })}>
              彻底删除
            </Button>
          </Flex>
        )
      ) : (
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => sendOpen({ type: 'followUp.start' })}>写跟进</Button>
          {flags.isSeal === 0 && (can(HouseAuth.edit) || can(HouseAuth.editPrivate)) && (
            <Button variant="soft" onClick={() => setIsEditing(true)}>
              编辑
            </Button>
          )}
          {flags.isSeal === 0 && (can(HouseAuth.edit) || can(HouseAuth.editPrivate)) && (
            <Button
              variant="soft"
              disabled={busy}
              onClick={() =>
                void fetchStateNames().then((names) => {
                  setStateNames(names[data.type] ?? []);
                  setIsChangingState(true);
                })
              }
            >
              修改状态
            </Button>
          )}
          {flags.attribution === 2 && flags.isSeal === 0 && (
            <Button variant="soft" disabled={busy} onClick={() => sendPool({ type: 'toPublic' })}>
              转公盘
            </Button>
          )}
          {flags.attribution === 1 && flags.isSeal === 0 && flags.isLock === 0 && can(HouseAuth.add) && (
            <Button variant="soft" disabled={busy} onClick={() => sendPool({ type: 'toPrivate' })}>
              拣入私盘
            </Button>
          )}
          {can(HouseAuth.operate) && (
            <>
              <Button
                variant="soft"
                color="gray"
                disabled={busy}
                onClick={() => sendPool({ type: 'operate', operate: flags.isLock === 1 ? 2 : 1 })}
              >
                {flags.isLock === 1 ? '解锁' : '锁盘'}
              </Button>
              <Button
                variant="soft"
                color="gray"
                disabled={busy}
                onClick={() => sendPool({ type: 'operate', operate: flags.isSeal === 1 ? 4 : 3 })}
              >
                {flags.isSeal === 1 ? '解封' : '封盘'}
              </Button>
              <Button
                variant="soft"
                color="gray"
                disabled={busy}
                onClick={() => sendPool({ type: 'operate', operate: flags.isTop === 1 ? 6 : 5 })}
              >
                {flags.isTop === 1 ? '取消置顶' : '置顶'}
              </Button>
            </>
          )}
          {flags.isSeal === 0 &&
            (data.type === 1 || data.type === 2) &&
            (permissions.can(SignAuth.appType, SignAuth.itemId, SignAuth.start) ||
              canRecordContract(data.type, permissions.contractAdd)) && (
              <StartContractFromHouse
                houseId={houseId}
                houseType={data.type}
                canSign={permissions.can(SignAuth.appType, SignAuth.itemId, SignAuth.start)}
                canRecord={canRecordContract(data.type, permissions.contractAdd)}
              />
            )}
          {can(HouseAuth.remove) && flags.isSeal === 0 && (
            <Button variant="soft" color="red" disabled={busy} onClick={() => sendPool({ type: 'delete' })}>
              删除房源
            </Button>
          )}
        </Flex>
      )}
      <Grid columns="2" gap="4">
        <Card>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>户型</DataList.Label>
              <DataList.Value>
                {formatLayout({ room: data.room ?? 0, hall: data.hall ?? 0, bath: data.bath ?? 0 })}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>建筑面积</DataList.Label>
              <DataList.Value>{data.area} ㎡</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>楼层</DataList.Label>
              <DataList.Value>{formatFloor(data)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>朝向 / 装修</DataList.Label>
              <DataList.Value>
                {toward(data.toward)} / {renovation(data.renovation)}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>物业类型</DataList.Label>
              <DataList.Value>{property(data.property)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>区域</DataList.Label>
              <DataList.Value>
                {[data.distractName, data.regionName, data.address].filter(Boolean).join(' · ') || '—'}
              </DataList.Value>
            </DataList.Item>
            {widgetFields.map((field) => (
              <DataList.Item key={field.fieldName} data-testid="house-widget-value">
                <DataList.Label>{field.fieldTitle}</DataList.Label>
                <DataList.Value>{widgetValueText(field, data.fieldsList?.[field.fieldName])}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card>
        <Card>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>业主</DataList.Label>
              <DataList.Value>{revealed[1]?.ownerName ?? data.ownerName ?? '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>业主电话</DataList.Label>
              <DataList.Value>
                <Flex gap="2" align="center">
                  <Text data-testid="owner-phone">{orDash(phone)}</Text>
                  {!revealed[1] && phone?.includes('*') && (
                    <Button
                      size="1"
                      variant="soft"
                      loading={open.matches('revealing')}
                      onClick={() => sendOpen({ type: 'reveal', protectionType: 1 })}
                    >
                      查看
                    </Button>
                  )}
                </Flex>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>门牌号</DataList.Label>
              <DataList.Value>
                <Flex gap="2" align="center">
                  <Text>{orDash(roomNo)}</Text>
                  {!revealed[2] && !data.roomNo && (
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => sendOpen({ type: 'reveal', protectionType: 2 })}
                    >
                      查看
                    </Button>
                  )}
                </Flex>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>维护人</DataList.Label>
              <DataList.Value>
                {detail.attributor
                  ? `${detail.attributor.name}（${detail.attributor.deptName ?? '—'}）`
                  : '—'}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>录入时间</DataList.Label>
              <DataList.Value>{data.entryTime}</DataList.Value>
            </DataList.Item>
            {label?.publicTime && (
              <DataList.Item>
                <DataList.Label>自动转公盘</DataList.Label>
                <DataList.Value>{label.publicTime}</DataList.Value>
              </DataList.Item>
            )}
          </DataList.Root>
        </Card>
      </Grid>
      {data.type === 2 && <HouseRentInfo houseId={houseId} version={version} />}
      {detail.pictures.length > 0 && (
        <ImageGallery
          pictures={detail.pictures.map((picture) => ({
            key: picture.pictureId,
            url: picture.url,
            title: picture.typeName ?? '房源图片',
          }))}
        />
      )}
      {detail.vr && (
        <Text size="2">
          VR 看房：
          <a href={detail.vr.url} target="_blank" rel="noreferrer">
            打开 VR
          </a>
        </Text>
      )}
      {data.remark && <Text size="2">备注：{data.remark}</Text>}
      <ListingPushStates
        houseId={houseId}
        houseType={data.type}
        cityName={data.cityName ?? null}
        version={version}
      />
      <Card>
        <HouseDetailTabs
          houseId={houseId}
          houseType={data.type}
          version={version}
          onChanged={() => sendOpen({ type: 'reload' })}
        />
      </Card>
      {(open.matches('writingFollowUp') || open.matches('savingFollowUp')) && (
        <FollowUpDialog
          houseId={houseId}
          isSaving={open.matches('savingFollowUp')}
          onCancel={() => sendOpen({ type: 'followUp.cancel' })}
          onSave={(value) => sendOpen({ type: 'followUp.save', value })}
        />
      )}
      {isChangingState && stateNames && (
        <HouseStateDialog
          houseId={houseId}
          kind={data.type}
          current={data.houseState}
          names={stateNames}
          allowed={
            permissions
              .contentsOf(
                HouseAuth.appType,
                HouseAuth.itemId,
                data.type === 2 ? HouseAuth.editRentStates : HouseAuth.editSellStates,
              )
              ?.map(Number) ?? null
          }
          onClose={(changed) => {
            setIsChangingState(false);
            if (changed) sendOpen({ type: 'reload' });
          }}
        />
      )}
      {isEditing && (
        <HouseForm
          initial={{ ...data, ownerPhone: revealed[1]?.ownerPhone ?? data.ownerPhone, roomNo }}
          initialPictures={detail.pictures.map((picture) => picture.url)}
          onOpenExisting={() => setIsEditing(false)}
          onClose={(saved) => {
            setIsEditing(false);
            if (saved) sendOpen({ type: 'reload' });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title="请确认"
        message={confirming ? confirmations[confirming]! : ''}
        isDanger={confirming === 'confirmingPurge' || confirming === 'confirmingDelete'}
        onConfirm={() => {
          sendPool({ type: 'confirm' });
          setPoolChanges((n) => n + 1);
        }}
        onCancel={() => sendPool({ type: 'cancel' })}
      />
    </Flex>
  );
}
