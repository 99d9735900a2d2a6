/**
 * The standard fields of the step-by-step contract form (001 section 3, contract party forms and
 * form groups), per contract type: how each is entered and in which step. The values, their checks
 * and their submission are in contract-form-values, contract-form-checks and contract-form-submit.
 */
import {
  buildingCertificateStateOptions,
  garageAttributeOptions,
  haveRentOptions,
  houseNatureOptions,
  houseUseOptions,
  includeOptions,
  orientationOptions,
  paymentCycleOptions,
  paymentMethodOptions,
  renovationOptions,
  repaymentMethodOptions,
  yesNoOptions,
  yesOptions,
  type ChoiceOption,
} from '../../../domain/sign-contract-text';

/** The options and their labels live in domain/sign-contract-text.ts, shared with the server's text. */
export type Option = ChoiceOption;
export type FieldKind = 'text' | 'textarea' | 'number' | 'int' | 'date' | 'select' | 'multi' | 'houseType';
export type FieldSpec = { key: string; title: string; kind: FieldKind; options?: Option[]; unit?: string };
export type GroupSpec = { group: FormGroup; title: string; fields: FieldSpec[] };
export type FormGroup =
  'property' | 'ownership' | 'transaction' | 'rental' | 'supplementaryTerms' | 'bankinfo';

const yesNo = yesNoOptions;
const yes = yesOptions;
const include = includeOptions;

const text = (key: string, title: string): FieldSpec => ({ key, title, kind: 'text' });
const money = (key: string, title: string): FieldSpec => ({ key, title, kind: 'number', unit: '元' });
const date = (key: string, title: string): FieldSpec => ({ key, title, kind: 'date' });

const propertyFields: FieldSpec[] = [
  text('address', '房屋坐落'),
  text('houseName', '楼盘名称'),
  text('houseBuilding', '楼栋号'),
  text('houseUnitNo', '单元号'),
  text('houseRoomNo', '房号'),
  text('buildingCertificate', '房屋所有权证号'),
  { key: 'houseUse', title: '房屋用途', kind: 'select', options: houseUseOptions },
  { key: 'houseNature', title: '房屋性质', kind: 'select', options: houseNatureOptions },
  {
    key: 'buildingCertificateState',
    title: '房屋权证状态',
    kind: 'multi',
    options: buildingCertificateStateOptions,
  },
  text('qiuQuanNo', '丘权号'),
  { key: 'houseArea', title: '建筑面积', kind: 'number', unit: '平方米' },
  { key: 'houseType', title: '户型', kind: 'houseType' },
  { key: 'orientation', title: '朝向', kind: 'select', options: orientationOptions },
  { key: 'totalFloor', title: '总楼层', kind: 'int' },
  { key: 'floor', title: '所在楼层', kind: 'int' },
  { key: 'floorUp', title: '地上层数', kind: 'int' },
  { key: 'floorDown', title: '地下层数', kind: 'int' },
  { key: 'renovation', title: '装修情况', kind: 'select', options: renovationOptions },
  { key: 'atticHave', title: '有无阁楼', kind: 'select', options: yesNo },
  { key: 'atticArea', title: '阁楼面积', kind: 'number', unit: '平方米' },
  { key: 'garageHave', title: '有无车库', kind: 'select', options: yesNo },
  { key: 'garageAttribute', title: '车库属性', kind: 'select', options: garageAttributeOptions },
  text('garageAddress', '车库地址'),
  text('garageCertificate', '车库产权证号'),
];

const ownershipFields: FieldSpec[] = [
  { key: 'householdRegister', title: '有无户口', kind: 'select', options: yesNo },
  date('moveOutDate', '户口迁出日期'),
  { key: 'schoolDistrict', title: '是否占用学位', kind: 'select', options: yes },
  date('schoolDistrictUsageTime', '学位可使用日期'),
  { key: 'mortgage', title: '有无抵押', kind: 'select', options: yesNo },
  text('mortgageBank', '抵押银行'),
  money('mortgageAmount', '抵押金额'),
  money('loanBalance', '贷款余额'),
  { key: 'repaymentMethodOption', title: '还贷方式', kind: 'select', options: repaymentMethodOptions },
  date('repaymentDate', '还贷日期'),
  date('relieveMortgageDate', '解押日期'),
  { key: 'haveRent', title: '有无租约', kind: 'select', options: haveRentOptions },
  money('monthlyRent', '月租金'),
];

const saleTransactionFields: FieldSpec[] = [
  money('transactionPrice', '成交价'),
  money('pricing', '网签备案价'),
  money('priceDifference', '差价'),
  { key: 'paymentMethod', title: '付款方式', kind: 'select', options: paymentMethodOptions },
  money('depositMoneyOne', '第一笔定金'),
  date('depositContentOne', '第一笔定金支付日期'),
  money('depositMoneyTwo', '第二笔定金'),
  date('depositContentTwo', '第二笔定金支付日期'),
  money('depositMoneyThree', '第三笔定金'),
  date('depositContentThree', '第三笔定金支付日期'),
  money('paymentMoneyOne', '第一笔首付款'),
  date('paymentContentOne', '第一笔首付款支付日期'),
  money('paymentMoneyTwo', '第二笔首付款'),
  date('paymentContentTwo', '第二笔首付款支付日期'),
  money('paymentMoneyThree', '第三笔首付款'),
  date('paymentContentThree', '第三笔首付款支付日期'),
  money('loanAmount', '贷款金额'),
  text('loanDispute', '贷款不足的处理方式'),
  text('partyATaxContent', '甲方承担税费'),
  text('partyBTaxContent', '乙方承担税费'),
  text('partyAFeeContent', '甲方承担费用'),
  text('partyBFeeContent', '乙方承担费用'),
  money('partyAAgencyFee', '甲方中介服务费'),
  money('partyBAgencyFee', '乙方中介服务费'),
  money('transferServiceFee', '过户代办服务费'),
  money('loanServiceFee', '贷款代办服务费'),
  date('transferDate', '过户日期'),
  date('deliveryDate', '交房日期'),
  money('collectionAmount', '代收款金额'),
  date('collectionTime', '代收款日期'),
  text('collectionCause', '代收款事由'),
];

const rentTransactionFields: FieldSpec[] = [
  date('startDate', '租赁起始日期'),
  date('endDate', '租赁截止日期'),
  { key: 'paymentCycle', title: '租金支付周期', kind: 'select', options: paymentCycleOptions },
  { key: 'rentFreePeriod', title: '免租期', kind: 'int', unit: '天' },
  text('paymentTime', '租金支付时间'),
  date('deliveryDate', '交房日期'),
  money('dailiFee', '代理费'),
  { key: 'dailiFeeA', title: '甲方代理费比例', kind: 'number', unit: '%' },
  { key: 'dailiFeeB', title: '乙方代理费比例', kind: 'number', unit: '%' },
];

const saleRentalFields: FieldSpec[] = [
  { key: 'haveRent', title: '有无租约', kind: 'select', options: haveRentOptions },
  money('depositRent', '租赁押金'),
  date('rentExpire', '租约到期日期'),
  money('monthlyRent', '月租金'),
];

const rentRentalFields: FieldSpec[] = [money('monthlyRent', '月租金'), money('depositRent', '租赁押金')];

const saleTermFields: FieldSpec[] = [
  { key: 'otherTerms', title: '其他约定', kind: 'select', options: yesNo },
  { key: 'otherTermsContent', title: '其他约定内容', kind: 'textarea' },
];

const rentTermFields: FieldSpec[] = [
  { key: 'otherTermsFixedOne', title: '固定条款一（转租）', kind: 'select', options: include },
  { key: 'otherTermsFixedTwo', title: '固定条款二（装修）', kind: 'select', options: include },
  { key: 'otherTermsFixedTwoContent', title: '装修约定内容', kind: 'textarea' },
  { key: 'otherTermsFixedThree', title: '固定条款三（结构渗漏）', kind: 'select', options: include },
  { key: 'otherTermsFixedFour', title: '固定条款四（非正常死亡事件）', kind: 'select', options: include },
  ...saleTermFields,
];

const bankFields: FieldSpec[] = [
  text('bankName', '开户银行'),
  text('bankUserName', '账户名'),
  text('bankCardNo', '银行卡号'),
  text('signAddress', '签约地点'),
];

const rentExcluded = /attic|garage|qiuQuan|buildingCertificateState|floorUp|floorDown/;

/** The steps after the parties: each a list of groups. */
export function formSteps(contractType: 1 | 2 | 3): { title: string; groups: GroupSpec[] }[] {
  if (contractType === 3) return [];
  if (contractType === 2)
    return [
      {
        title: '房屋信息',
        groups: [
          {
            group: 'property',
            title: '房屋信息',
            fields: propertyFields.filter((f) => !rentExcluded.test(f.key)),
          },
        ],
      },
      {
        title: '租赁信息',
        groups: [
          { group: 'transaction', title: '租赁信息', fields: rentTransactionFields },
          { group: 'rental', title: '租金与押金', fields: rentRentalFields },
        ],
      },
      {
        title: '其他约定',
        groups: [
          { group: 'supplementaryTerms', title: '补充条款', fields: rentTermFields },
          { group: 'bankinfo', title: '收款账户与签约地点', fields: bankFields },
        ],
      },
    ];
  return [
    {
      title: '房屋信息',
      groups: [
        { group: 'property', title: '房屋信息', fields: propertyFields },
        { group: 'ownership', title: '权属信息', fields: ownershipFields },
      ],
    },
    {
      title: '交易信息',
      groups: [
        { group: 'transaction', title: '交易信息', fields: saleTransactionFields },
        { group: 'rental', title: '租约信息', fields: saleRentalFields },
      ],
    },
    {
      title: '其他约定',
      groups: [
        { group: 'supplementaryTerms', title: '补充条款', fields: saleTermFields },
        { group: 'bankinfo', title: '收款账户与签约地点', fields: bankFields },
      ],
    },
  ];
}
