/**
 * A sign contract's summary (合同编号, 模板, 房屋, 签署方式, the times, 驳回意见, 作废原因), shared by the
 * sign detail and 我的签约; each adds its own items in the slots (state, seal and 经办人, approval,
 * print count).
 */
import type { ReactNode } from 'react';
import { DataList } from '@radix-ui/themes';
import { DealLinkItems } from '../../shared/deal-link-items';
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
      <DealLinkItems house={detail.house} customer={detail.customer} testIdPrefix={testIdPrefix} />
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
