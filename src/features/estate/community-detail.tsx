/**
 * One community over the archive list: the platform's data, and the company's archive — buildings,
 * pictures by category — with 建立档案 / 编辑档案 / 删除档案 (the community archive machine). A
 * community without an archive offers to create one from the platform data instead of typing it.
 */
import { useState } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  DataList,
  Flex,
  Grid,
  IconButton,
  Inset,
  Spinner,
  Table,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { Select } from '../../ui/select';
import {
  communityArchiveMachine,
  communityArchiveMessages,
  type CommunityPictureType,
  type CommunityRecord,
} from '../../../machines/community-archive.machine';
import { inspect } from '../../inspector/inspection-store';
import { FilePicker } from '../../ui/file-picker';
import { ArchiveForm } from './archive-form';
import {
  addPictures,
  deleteArchive,
  loadCommunity,
  removePicture,
  saveArchive,
  uploadPicture,
} from './estate-actors';
import { formatUnitPrice, orDash, pictureTypeNames, pictureTypes } from './estate-format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { usePermissions } from '../../core/permissions';
import { CommunityAuth } from '../../../domain/auth-ids';
import { archiveRefusal } from '../../../domain/estate-rules';
import { sessionActor } from '../../core/session';
import { useEstateSetting } from '../../shared/estate-setting';

const machine = communityArchiveMachine.provide({
  actors: { loadCommunity, saveArchive, deleteArchive, addPictures, removePicture },
});

function Overview({ record }: { record: CommunityRecord }) {
  const c = record.archive?.community ?? record.community;
  const area = [c.distractName, c.regionName].filter(Boolean).join(' · ');
  const rows: [string, string][] = [
    ['别名', orDash(c.alias)],
    ['城市区域', `${c.cityName}${area ? ` ${area}` : ''}`],
    ['地址', orDash(c.address)],
    ['建成年份', orDash(c.buildYear, ' 年')],
    ['建筑类型', orDash(c.buildingType)],
    ['开发商', orDash(c.developer)],
    ['物业公司', orDash(c.propertyCompany)],
    ['物业电话', orDash(record.archive?.propertyPhone)],
    ['物业费', orDash(c.propertyFee, ' 元/㎡/月')],
    ['楼栋总数', orDash(c.totalBuildings, ' 栋')],
    ['总户数', orDash(c.totalHouseholds, ' 户')],
    ['车位数', orDash(c.parkingSpaces, ' 个')],
    ['绿化率', orDash(c.greeningRate, '%')],
    ['容积率', orDash(c.plotRatio)],
    ['挂牌均价', formatUnitPrice(c.avgUnitPrice)],
  ];
  const houses = record.archive?.houseCount;
  return (
    <Flex direction="column" gap="3">
      <DataList.Root size="2">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label minWidth="88px">{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
        {record.archive && (
          <>
            <DataList.Item>
              <DataList.Label minWidth="88px">本公司房源</DataList.Label>
              <DataList.Value>
                在售 {houses?.sellCount ?? 0} · 在租 {houses?.rentCount ?? 0} · 已成交{' '}
                {houses?.dealCount ?? 0}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="88px">备注</DataList.Label>
              <DataList.Value>{orDash(record.archive.remark)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="88px">最后维护</DataList.Label>
              <DataList.Value>
                {orDash(record.archive.updateUserName)} {record.archive.updateTime ?? ''}
              </DataList.Value>
            </DataList.Item>
          </>
        )}
      </DataList.Root>
    </Flex>
  );
}

function Buildings({ record }: { record: CommunityRecord }) {
  const buildings = record.archive?.buildings ?? [];
  if (buildings.length === 0)
    return (
      <Text color="gray" as="p" my="4">
        尚未维护楼栋。
      </Text>
    );
  return (
    <Table.Root size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>楼栋号</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>单元数</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>总层数</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>每层户数</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>户数</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>电梯</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {buildings.map((b) => (
          <Table.Row key={b.buildingNo}>
            <Table.Cell>{b.buildingNo}</Table.Cell>
            <Table.Cell>{b.unitCount}</Table.Cell>
            <Table.Cell>{b.floorCount}</Table.Cell>
            <Table.Cell>{b.householdsPerFloor}</Table.Cell>
            <Table.Cell>{Math.max(b.unitCount, 1) * b.floorCount * b.householdsPerFloor}</Table.Cell>
            <Table.Cell>{b.elevator === 1 ? '有' : '无'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Pictures({
  record,
  canEdit,
  isBusy,
  onAdd,
  onRemove,
}: {
  record: CommunityRecord;
  canEdit: boolean;
  isBusy: boolean;
  onAdd: (type: CommunityPictureType, file: File) => void;
  onRemove: (pictureId: number) => void;
}) {
  const [type, setType] = useState<CommunityPictureType>(1);
  return (
    <Flex direction="column" gap="3">
      {canEdit && record.archive && (
        <Flex gap="3" align="center">
          <Select.Root value={String(type)} onValueChange={(v) => setType(Number(v) as CommunityPictureType)}>
            <Select.Trigger aria-label="图片分类" />
            <Select.Content>
              {pictureTypes.map((t) => (
                <Select.Item key={t} value={String(t)}>
                  {pictureTypeNames[t]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <FilePicker
            label="上传小区图片"
            accept="image/png,image/jpeg,image/webp,image/gif"
            buttonText="上传图片"
            disabled={isBusy}
            resetAfterChoice
            onFile={(file) => onAdd(type, file)}
          />
          {isBusy && <Spinner />}
        </Flex>
      )}
      {record.pictures.length === 0 ? (
        <Text color="gray" as="p" my="2">
          {record.archive ? '暂无图片。' : '建立档案后可上传小区图片。'}
        </Text>
      ) : (
        <Grid columns="4" gap="3">
          {record.pictures.map((picture) => (
            <Box key={picture.pictureId} style={{ position: 'relative' }}>
              <Inset clip="padding-box">
                <img
                  src={picture.url}
                  alt={pictureTypeNames[picture.type]}
                  style={{
                    width: '100%',
                    height: 110,
                    objectFit: 'cover',
                    borderRadius: 6,
                    display: 'block',
                  }}
                />
              </Inset>
              <Flex justify="between" align="center" mt="1">
                <Badge variant="soft">{pictureTypeNames[picture.type]}</Badge>
                {canEdit && (
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="red"
                    aria-label={`删除图片 ${picture.pictureId}`}
                    onClick={() => onRemove(picture.pictureId)}
                  >
                    ×
                  </IconButton>
                )}
              </Flex>
            </Box>
          ))}
        </Grid>
      )}
    </Flex>
  );
}

export function CommunityDetail({ communityId, onChanged }: { communityId: number; onChanged: () => void }) {
  const [state, send] = useMachine(machine, { input: { communityId }, inspect });
  const { can } = usePermissions();
  const setting = useEstateSetting();
  const user = useSelector(sessionActor, (snapshot) => snapshot.context.user);
  const holdsEdit = can(CommunityAuth.appType, CommunityAuth.itemId, CommunityAuth.edit);
  const archive = state.context.record?.archive;
  const canEdit =
    holdsEdit &&
    setting !== null &&
    user !== null &&
    archiveRefusal(
      setting,
      { isManager: user.isManager === 1, userId: user.userId, holdsEdit },
      archive ? { createUserId: archive.createUserId ?? null } : null,
    ) === null;
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const { record, notice } = state.context;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" my="4">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!record)
    return (
      <Flex justify="center" my="6">
        <Spinner />
      </Flex>
    );
  const act = (event: Parameters<typeof send>[0]) => {
    send(event);
    onChanged();
  };
  const addPicture = (pictureType: CommunityPictureType, file: File) => {
    setUploadError(null);
    setUploading(true);
    uploadPicture(file)
      .then((url) => act({ type: 'pictures.add', pictureType, urls: [url] }))
      .catch((error: unknown) => setUploadError(error instanceof Error ? error.message : String(error)))
      .finally(() => setUploading(false));
  };
  const isEditing = state.matches('editing') || state.matches('saving');
  return (
    <Flex direction="column" gap="3" data-testid="community-detail">
      <Flex align="center" gap="2">
        <Text size="5" weight="bold">
          {record.community.communityName}
        </Text>
        {record.archive ? <Badge color="green">已建档</Badge> : <Badge color="gray">未建档</Badge>}
        <Box flexGrow="1" />
        {!isEditing && canEdit && record.archive && (
          <>
            <Button variant="soft" onClick={() => send({ type: 'archive.edit' })}>
              编辑档案
            </Button>
            <Button variant="soft" color="red" onClick={() => send({ type: 'archive.delete' })}>
              删除档案
            </Button>
          </>
        )}
        {!isEditing && canEdit && !record.archive && (
          <Button onClick={() => send({ type: 'archive.edit' })}>建立档案</Button>
        )}
      </Flex>
      {(notice ?? uploadError) && (
        <Callout.Root
          color={notice?.kind === 'success' && !uploadError ? 'green' : 'red'}
          size="1"
          role="status"
        >
          <Callout.Text>{uploadError ?? notice?.text}</Callout.Text>
        </Callout.Root>
      )}
      {isEditing ? (
        <ArchiveForm
          record={record}
          isSaving={state.matches('saving')}
          onSave={(value) => act({ type: 'edit.save', value })}
          onCancel={() => send({ type: 'edit.cancel' })}
        />
      ) : (
        <Tabs.Root defaultValue="overview">
          <Tabs.List>
            <Tabs.Trigger value="overview">基本信息</Tabs.Trigger>
            <Tabs.Trigger value="buildings">楼栋（{record.archive?.buildings.length ?? 0}）</Tabs.Trigger>
            <Tabs.Trigger value="pictures">图片（{record.pictures.length}）</Tabs.Trigger>
          </Tabs.List>
          <Box pt="3">
            <Tabs.Content value="overview">
              <Overview record={record} />
            </Tabs.Content>
            <Tabs.Content value="buildings">
              <Buildings record={record} />
            </Tabs.Content>
            <Tabs.Content value="pictures">
              <Pictures
                record={record}
                canEdit={canEdit}
                isBusy={isUploading || state.matches('addingPictures') || state.matches('removingPicture')}
                onAdd={addPicture}
                onRemove={(pictureId) => send({ type: 'picture.remove', pictureId })}
              />
            </Tabs.Content>
          </Box>
        </Tabs.Root>
      )}
      <ConfirmDialog
        open={state.matches('confirmingDelete')}
        title="删除小区档案"
        message={communityArchiveMessages.deleteConfirm}
        onConfirm={() => act({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
      <ConfirmDialog
        open={state.matches('confirmingPictureRemoval')}
        title="删除图片"
        message={communityArchiveMessages.pictureDeleteConfirm}
        onConfirm={() => act({ type: 'remove.confirm' })}
        onCancel={() => send({ type: 'remove.cancel' })}
      />
    </Flex>
  );
}
