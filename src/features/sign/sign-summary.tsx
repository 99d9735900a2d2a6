/**
 * A sign contract's summary (合同编号, 模板, 房屋, 签署方式, the times, 驳回意见, 作废原因), shared by the
 * sign detail and 我的签约; each adds its own items in the slots (state, seal and 经办人, approval,
 * print count).
 */
import type { ReactNode } from 'react';
import { Badge, Button, DataList, Flex } from '@radix-ui/themes';
import { useWorkspace } from '../../core/workspace';
import { housePages } from '../../shared/house-pages';
import { contractTypeNames, houseTitle, signatureTypeNames } from '../../shared/sign-format';
import type { SignDetail } from './sign-actors';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value data-testid={testId}>{children}</DataList.Value>
    </DataList.Item>
  );
}

export function SignSummary({
  detail,
  testIdPrefix,
  afterNumber,
  afterSignatureType,
  afterTimes,
  footer,
}: {
  detail: SignDetail;
  /** detail-contract-no, my-sign-contract-no … */
  testIdPrefix: string;
  afterNumber?: ReactNode;
  afterSignatureType?: ReactNode;
  afterTimes?: ReactNode;
  footer?: ReactNode;
}) {
  const { openPage } = useWorkspace();
  return (
    <DataList.Root size="2">
      <Item label="合同编号" testId={`${testIdPrefix}-contract-no`}>
        {detail.contractNo}
      </Item>
      {afterNumber}
      <Item label="合同模板">
        {detail.boxName}（{contractTypeNames[detail.contractType]}）
      </Item>
      <Item label="房屋">{houseTitle(detail.houseInfo)}</Item>
      {detail.house && (
        <Item label="关联房源" testId={`${testIdPrefix}-house`}>
          <Flex gap="2" align="center">
            {detail.house.title} {detail.house.houseNo}
            <Badge color={detail.house.houseState === 3 ? 'green' : 'gray'}>
              {detail.house.houseState === 3 ? '成交' : detail.house.stateName}
            </Badge>
            <Button
              size="1"
              variant="ghost"
              onClick={() =>
                detail.house && openPage(housePages.detail(detail.house.houseId, detail.house.type))
              }
            >
              查看房源
            </Button>
          </Flex>
        </Item>
      )}
      {detail.customer && (
        <Item label="关联客户" testId={`${testIdPrefix}-customer`}>
          <Flex gap="2" align="center">
            {detail.customer.name} {detail.customer.customerNo}
            <Badge color={detail.customer.dealStatus === 1 ? 'green' : 'gray'}>
              {detail.customer.dealStatus === 1 ? '成交' : '未成交'}
            </Badge>
          </Flex>
        </Item>
      )}
      <Item label="签署方式">{signatureTypeNames[detail.signatureType]}</Item>
      {afterSignatureType}
      <Item label="创建时间">{detail.createTime}</Item>
      {detail.startTime && <Item label="发起时间">{detail.startTime}</Item>}
      {detail.signDeadline && <Item label="签署截止">{detail.signDeadline}</Item>}
      {detail.completeTime && <Item label="完成时间">{detail.completeTime}</Item>}
      {afterTimes}
      {detail.rejectReason && <Item label="驳回意见">{detail.rejectReason}</Item>}
      {detail.invalidReason && (
        <Item label="作废原因" testId={`${testIdPrefix}-invalid-reason`}>
          {detail.invalidReason}
        </Item>
      )}
      {footer}
    </DataList.Root>
  );
}
