/**
 * 关联房源 and 关联客户 (issue 41): the listing and the customer a contract concerns, with their deal
 * state and a link to each, as rows of a contract's DataList. One component for the sign detail and
 * the ledger's contract detail.
 */
import { Badge, Button, DataList, Flex } from '@radix-ui/themes';
import type { components } from '../../openapi/generated/api';
import { useWorkspace } from '../core/workspace';
import { housePages } from './house-pages';

type HouseRef = components['schemas']['SignHouseRef'];
type CustomerRef = components['schemas']['SignCustomerRef'];

const customerPage = (customerId: number) => ({
  appType: 2,
  appId: 0,
  name: '客源',
  path: '/views/customer/index.vue',
  params: { customerId: String(customerId) },
});

export function DealLinkItems({
  house,
  customer,
  testIdPrefix,
}: {
  house: HouseRef | null | undefined;
  customer: CustomerRef | null | undefined;
  testIdPrefix: string;
}) {
  const { openPage } = useWorkspace();
  return (
    <>
      {house && (
        <DataList.Item>
          <DataList.Label>关联房源</DataList.Label>
          <DataList.Value data-testid={`${testIdPrefix}-house`}>
            <Flex gap="2" align="center">
              {house.title} {house.houseNo}
              <Badge color={house.houseState === 3 ? 'green' : 'gray'}>
                {house.houseState === 3 ? '成交' : house.stateName}
              </Badge>
              <Button
                size="1"
                variant="ghost"
                onClick={() => openPage(housePages.detail(house.houseId, house.type))}
              >
                查看房源
              </Button>
            </Flex>
          </DataList.Value>
        </DataList.Item>
      )}
      {customer && (
        <DataList.Item>
          <DataList.Label>关联客户</DataList.Label>
          <DataList.Value data-testid={`${testIdPrefix}-customer`}>
            <Flex gap="2" align="center">
              {customer.name} {customer.customerNo}
              <Badge color={customer.dealStatus === 1 ? 'green' : 'gray'}>
                {customer.dealStatus === 1 ? '成交' : '未成交'}
              </Badge>
              <Button size="1" variant="ghost" onClick={() => openPage(customerPage(customer.customerId))}>
                查看客户
              </Button>
            </Flex>
          </DataList.Value>
        </DataList.Item>
      )}
    </>
  );
}
