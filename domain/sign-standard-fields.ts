/**
 * The standard fields of the contract form per contract type (001 section 3, contract party forms
 * and form groups) with their labels: which a template can switch to required (模板管理 › 必填字段,
 * templateCustomizeSettings' requireFlags) and what the server checks them against.
 */

/** A standard form field: its path in SignContractContent, its label, and whether it is a choice. */
export type StandardField = { path: string; title: string; choice?: boolean };

const partyFields: StandardField[] = [
  { path: 'partyA', title: '甲方信息' },
  { path: 'partyB', title: '乙方信息' },
];

const propertyFields: StandardField[] = [
  { path: 'property.region', title: '房屋所在地区', choice: true },
  { path: 'property.address', title: '房屋坐落' },
  { path: 'property.houseName', title: '楼盘名称' },
  { path: 'property.houseBuilding', title: '楼栋号' },
  { path: 'property.houseUnitNo', title: '单元号' },
  { path: 'property.houseRoomNo', title: '房号' },
  { path: 'property.buildingCertificate', title: '房屋所有权证号' },
  { path: 'property.houseUse', title: '房屋用途', choice: true },
  { path: 'property.houseNature', title: '房屋性质', choice: true },
  { path: 'property.buildingCertificateState', title: '房屋权证状态', choice: true },
  { path: 'property.qiuQuanNo', title: '丘权号' },
  { path: 'property.houseArea', title: '建筑面积' },
  { path: 'property.houseType', title: '户型' },
  { path: 'property.orientation', title: '朝向', choice: true },
  { path: 'property.totalFloor', title: '总楼层' },
  { path: 'property.floor', title: '所在楼层' },
  { path: 'property.floorUp', title: '地上层数' },
  { path: 'property.floorDown', title: '地下层数' },
  { path: 'property.renovation', title: '装修情况', choice: true },
  { path: 'property.atticHave', title: '有无阁楼', choice: true },
  { path: 'property.atticArea', title: '阁楼面积' },
  { path: 'property.garageHave', title: '有无车库', choice: true },
  { path: 'property.garageAttribute', title: '车库属性', choice: true },
  { path: 'property.garageAddress', title: '车库地址' },
  { path: 'property.garageCertificate', title: '车库产权证号' },
];

const ownershipFields: StandardField[] = [
  { path: 'ownership.householdRegister', title: '有无户口', choice: true },
  { path: 'ownership.moveOutDate', title: '户口迁出日期', choice: true },
  { path: 'ownership.schoolDistrict', title: '是否占用学位', choice: true },
  { path: 'ownership.schoolDistrictUsageTime', title: '学位可使用日期', choice: true },
  { path: 'ownership.mortgage', title: '有无抵押', choice: true },
  { path: 'ownership.mortgageBank', title: '抵押银行' },
  { path: 'ownership.mortgageAmount', title: '抵押金额' },
  { path: 'ownership.loanBalance', title: '贷款余额' },
  { path: 'ownership.repaymentMethodOption', title: '还贷方式', choice: true },
  { path: 'ownership.repaymentDate', title: '还贷日期', choice: true },
  { path: 'ownership.relieveMortgageDate', title: '解押日期', choice: true },
  { path: 'ownership.haveRent', title: '有无租约', choice: true },
  { path: 'ownership.monthlyRent', title: '月租金' },
];

const saleTransactionFields: StandardField[] = [
  { path: 'transaction.transactionPrice', title: '成交价' },
  { path: 'transaction.pricing', title: '网签备案价' },
  { path: 'transaction.priceDifference', title: '差价' },
  { path: 'transaction.paymentMethod', title: '付款方式', choice: true },
  { path: 'transaction.depositMoneyOne', title: '第一笔定金' },
  { path: 'transaction.depositContentOne', title: '第一笔定金支付日期', choice: true },
  { path: 'transaction.depositMoneyTwo', title: '第二笔定金' },
  { path: 'transaction.depositContentTwo', title: '第二笔定金支付日期', choice: true },
  { path: 'transaction.depositMoneyThree', title: '第三笔定金' },
  { path: 'transaction.depositContentThree', title: '第三笔定金支付日期', choice: true },
  { path: 'transaction.paymentMoneyOne', title: '第一笔首付款' },
  { path: 'transaction.paymentContentOne', title: '第一笔首付款支付日期', choice: true },
  { path: 'transaction.paymentMoneyTwo', title: '第二笔首付款' },
  { path: 'transaction.paymentContentTwo', title: '第二笔首付款支付日期', choice: true },
  { path: 'transaction.paymentMoneyThree', title: '第三笔首付款' },
  { path: 'transaction.paymentContentThree', title: '第三笔首付款支付日期', choice: true },
  { path: 'transaction.loanAmount', title: '贷款金额' },
  { path: 'transaction.loanDispute', title: '贷款不足的处理方式' },
  { path: 'transaction.partyATaxContent', title: '甲方承担税费' },
  { path: 'transaction.partyBTaxContent', title: '乙方承担税费' },
  { path: 'transaction.partyAFeeContent', title: '甲方承担费用' },
  { path: 'transaction.partyBFeeContent', title: '乙方承担费用' },
  { path: 'transaction.partyAAgencyFee', title: '甲方中介服务费' },
  { path: 'transaction.partyBAgencyFee', title: '乙方中介服务费' },
  { path: 'transaction.transferServiceFee', title: '过户代办服务费' },
  { path: 'transaction.loanServiceFee', title: '贷款代办服务费' },
  { path: 'transaction.transferDate', title: '过户日期', choice: true },
  { path: 'transaction.deliveryDate', title: '交房日期', choice: true },
  { path: 'transaction.collectionAmount', title: '代收款金额' },
  { path: 'transaction.collectionTime', title: '代收款日期', choice: true },
  { path: 'transaction.collectionCause', title: '代收款事由' },
];

const rentTransactionFields: StandardField[] = [
  { path: 'transaction.startDate', title: '租赁起始日期', choice: true },
  { path: 'transaction.endDate', title: '租赁截止日期', choice: true },
  { path: 'transaction.paymentCycle', title: '租金支付周期', choice: true },
  { path: 'transaction.rentFreePeriod', title: '免租期' },
  { path: 'transaction.paymentTime', title: '租金支付时间' },
  { path: 'transaction.deliveryDate', title: '交房日期', choice: true },
  { path: 'transaction.dailiFee', title: '代理费' },
  { path: 'transaction.dailiFeeA', title: '甲方代理费比例' },
  { path: 'transaction.dailiFeeB', title: '乙方代理费比例' },
];

const saleRentalFields: StandardField[] = [
  { path: 'rental.haveRent', title: '有无租约', choice: true },
  { path: 'rental.depositRent', title: '租赁押金' },
  { path: 'rental.rentExpire', title: '租约到期日期', choice: true },
  { path: 'rental.monthlyRent', title: '月租金' },
];

const rentRentalFields: StandardField[] = [
  { path: 'rental.monthlyRent', title: '月租金' },
  { path: 'rental.depositRent', title: '租赁押金' },
];

const termFields: StandardField[] = [
  { path: 'supplementaryTerms.otherTermsFixedOne', title: '固定条款一（转租）', choice: true },
  { path: 'supplementaryTerms.otherTermsFixedTwo', title: '固定条款二（装修）', choice: true },
  { path: 'supplementaryTerms.otherTermsFixedTwoContent', title: '装修约定内容' },
  { path: 'supplementaryTerms.otherTermsFixedThree', title: '固定条款三（结构渗漏）', choice: true },
  { path: 'supplementaryTerms.otherTermsFixedFour', title: '固定条款四（非正常死亡事件）', choice: true },
  { path: 'supplementaryTerms.otherTerms', title: '其他约定', choice: true },
  { path: 'supplementaryTerms.otherTermsContent', title: '其他约定内容' },
];

const bankFields: StandardField[] = [
  { path: 'bankinfo.bankName', title: '开户银行' },
  { path: 'bankinfo.bankUserName', title: '账户名' },
  { path: 'bankinfo.bankCardNo', title: '银行卡号' },
  { path: 'bankinfo.signAddress', title: '签约地点' },
];

const furnitureFields: StandardField[] = [
  { path: 'furniture.items', title: '家具家电及交接清单' },
  { path: 'furniture.remark', title: '清单备注' },
];

/** The standard fields of each contract type (3, a visual template, has only its widget fields and the parties). */
export const standardFieldsByType: Record<1 | 2 | 3, StandardField[]> = {
  1: [
    ...partyFields,
    ...propertyFields,
    ...ownershipFields,
    ...saleTransactionFields,
    ...saleRentalFields,
    ...termFields.filter((f) => f.path.includes('otherTerms') && !f.path.includes('Fixed')),
    ...bankFields,
    ...furnitureFields,
  ],
  2: [
    ...partyFields,
    ...propertyFields.filter(
      (f) => !/attic|garage|qiuQuan|buildingCertificateState|floorUp|floorDown/.test(f.path),
    ),
    ...rentTransactionFields,
    ...rentRentalFields,
    ...termFields,
    ...bankFields,
    ...furnitureFields,
  ],
  3: [...partyFields],
};

export function standardField(type: 1 | 2 | 3, path: string): StandardField | undefined {
  return standardFieldsByType[type].find((field) => field.path === path);
}
