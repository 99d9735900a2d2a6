/**
 * The two templates every company gets on day one (二手房买卖合同, 房屋租赁合同): their standard
 * form fields (the groups of 001 section 3), which of them are required, their widget fields and
 * the contract text with {{path}} placeholders that the contract views and the PDF fill in. Every
 * widget field has its sentence in the text (该房屋土地使用权（产权）年限为{{fieldsList_1}}), so
 * whatever the form asks for is printed; refreshBuiltinTemplates brings older copies up to date.
 */
import type { StoredTemplateField } from '../../db/schema-sign';

export {
  standardField,
  standardFieldsByType,
  type StandardField,
} from '../../../domain/sign-standard-fields';

function field(
  fieldName: string,
  fieldTitle: string,
  type: StoredTemplateField['type'],
  extra: Partial<StoredTemplateField> = {},
): StoredTemplateField {
  return {
    fieldTitle,
    fieldName,
    type,
    placeholder: type === 4 || type === 5 || type === 6 ? `请选择${fieldTitle}` : `请输入${fieldTitle}`,
    numUnit: null,
    requiredStatus: 0,
    optionsData: [],
    optionStatus: 0,
    dateType: type === 6 ? 1 : null,
    ...extra,
  };
}

const saleBody = `<h1>二手房买卖合同</h1>
<p>合同编号：{{contractNo}}</p>
<p>出卖人（甲方）：{{partyA.name}}，证件号码：{{partyA.certNo}}，联系电话：{{partyA.phone}}</p>
<p>买受人（乙方）：{{partyB.name}}，证件号码：{{partyB.certNo}}，联系电话：{{partyB.phone}}</p>
<p>居间方（丙方）：{{companyName}}</p>
<p>根据《中华人民共和国民法典》及有关法律法规的规定，甲乙双方在平等、自愿、协商一致的基础上，就乙方购买甲方房屋事宜，经居间方居间介绍，达成如下协议：</p>
<h2>第一条 房屋基本情况</h2>
<p>甲方所售房屋坐落于{{property.province.name}}{{property.city.name}}{{property.district.name}}{{property.address}}，楼盘名称{{property.houseName}}，{{property.houseBuilding}}栋{{property.houseUnitNo}}单元{{property.houseRoomNo}}室；房屋所有权证号（不动产权证号）{{property.buildingCertificate}}，房屋用途{{property.houseUse}}，房屋性质{{property.houseNature}}，建筑面积{{property.houseArea}}平方米，户型{{property.houseType.room}}室{{property.houseType.hall}}厅{{property.houseType.bath}}卫，朝向{{property.orientation}}，所在楼层{{property.floor}}层（总楼层{{property.totalFloor}}层），装修情况{{property.renovation}}。</p>
<p>该房屋土地使用权（产权）年限为{{fieldsList_1}}。</p>
<h2>第二条 房屋权属情况</h2>
<p>甲方保证对该房屋享有完全处分权。该房屋抵押情况：{{ownership.mortgage}}；抵押银行{{ownership.mortgageBank}}，贷款余额{{ownership.loanBalance}}元，由甲方于{{ownership.relieveMortgageDate}}前解除抵押。房屋租赁情况：{{rental.haveRent}}。户口情况：{{ownership.householdRegister}}，甲方应于{{ownership.moveOutDate}}前将户口迁出。</p>
<h2>第三条 成交价格与付款方式</h2>
<p>双方确认该房屋成交价为人民币{{transaction.transactionPrice}}元（大写：{{transaction.transactionPriceCapital}}），网签备案价为{{transaction.pricing}}元。付款方式：{{transaction.paymentMethod}}。乙方于签订本合同时向甲方支付定金{{transaction.depositMoneyOne}}元；首付款{{transaction.paymentMoneyOne}}元于{{transaction.paymentContentOne}}前支付；贷款金额{{transaction.loanAmount}}元，贷款不足部分按{{transaction.loanDispute}}处理。</p>
<h2>第四条 税费与服务费</h2>
<p>甲方承担：{{transaction.partyATaxContent}}；乙方承担：{{transaction.partyBTaxContent}}。甲方支付居间服务费{{transaction.partyAAgencyFee}}元，乙方支付居间服务费{{transaction.partyBAgencyFee}}元；过户代办服务费{{transaction.transferServiceFee}}元，贷款代办服务费{{transaction.loanServiceFee}}元。</p>
<h2>第五条 过户与交房</h2>
<p>双方应于{{transaction.transferDate}}前共同办理产权过户手续；甲方应于{{transaction.deliveryDate}}前将房屋交付乙方，并结清交房前的水、电、燃气等费用。随房屋转让的家具家电见附件《家具家电及交接清单》。</p>
<p>甲方应于{{fieldsList_2}}前结清该房屋的物业服务费，此后的物业服务费由乙方承担。</p>
<p>该房屋的专项维修资金（维修基金）{{fieldsList_3}}元随房屋一并转让给乙方，甲方不再另行收取。</p>
<p>甲方随房屋附赠乙方以下物品：{{fieldsList_4}}。</p>
<h2>第六条 违约责任</h2>
<p>任何一方逾期履行本合同约定义务的，每逾期一日，按成交价的万分之五向守约方支付违约金；逾期超过三十日的，守约方有权解除合同，违约方应按成交价的百分之二十支付违约金。</p>
<h2>第七条 其他约定</h2>
<p>{{supplementaryTerms.otherTermsContent}}</p>
<p>备注说明：{{fieldsList_5}}</p>
<h2>第八条 收款账户</h2>
<p>甲方指定收款账户：开户银行{{bankinfo.bankName}}，账户名{{bankinfo.bankUserName}}，账号{{bankinfo.bankCardNo}}。</p>
<p>本合同经各方签字（盖章）后生效，以电子签署方式签订的与纸质合同具有同等法律效力。签约地点：{{bankinfo.signAddress}}。</p>
<p>甲方（签字）：&emsp;&emsp;&emsp;&emsp;乙方（签字）：&emsp;&emsp;&emsp;&emsp;居间方（盖章）：</p>`;

const rentBody = `<h1>房屋租赁合同</h1>
<p>合同编号：{{contractNo}}</p>
<p>出租人（甲方）：{{partyA.name}}，证件号码：{{partyA.certNo}}，联系电话：{{partyA.phone}}</p>
<p>承租人（乙方）：{{partyB.name}}，证件号码：{{partyB.certNo}}，联系电话：{{partyB.phone}}</p>
<p>居间方（丙方）：{{companyName}}</p>
<p>根据《中华人民共和国民法典》及有关规定，甲乙双方在平等、自愿的基础上，就房屋租赁事宜达成如下协议：</p>
<h2>第一条 租赁房屋</h2>
<p>甲方将坐落于{{property.province.name}}{{property.city.name}}{{property.district.name}}{{property.address}}（{{property.houseName}}{{property.houseBuilding}}栋{{property.houseUnitNo}}单元{{property.houseRoomNo}}室）的房屋出租给乙方使用，建筑面积{{property.houseArea}}平方米，户型{{property.houseType.room}}室{{property.houseType.hall}}厅{{property.houseType.bath}}卫，房屋用途{{property.houseUse}}。</p>
<p>乙方租赁该房屋用于{{fieldsList_1}}，未经甲方书面同意，乙方不得改变房屋的租赁用途。</p>
<p>该房屋可居住人数不超过{{fieldsList_3}}人。</p>
<h2>第二条 租赁期限</h2>
<p>租赁期自{{transaction.startDate}}起至{{transaction.endDate}}止，免租期{{transaction.rentFreePeriod}}天。甲方应于{{transaction.deliveryDate}}前将房屋交付乙方。</p>
<p>交房时双方确认的水、电、燃气表底数：{{fieldsList_2}}；此前的费用由甲方承担，此后的费用由乙方承担。</p>
<p>钥匙交接：{{fieldsList_4}}</p>
<h2>第三条 租金与押金</h2>
<p>月租金为人民币{{rental.monthlyRent}}元，租金{{transaction.paymentCycle}}支付一次，支付时间：{{transaction.paymentTime}}。乙方于签订本合同时支付押金{{rental.depositRent}}元，租赁期满乙方交还房屋且结清费用后，甲方无息退还押金。</p>
<h2>第四条 代理费</h2>
<p>本次租赁代理费共计{{transaction.dailiFee}}元，由甲方承担{{transaction.dailiFeeA}}%，乙方承担{{transaction.dailiFeeB}}%。</p>
<h2>第五条 双方约定</h2>
<p>一、转租（{{supplementaryTerms.otherTermsFixedOne}}）：未经甲方书面同意，乙方不得将房屋全部或部分转租他人。</p>
<p>二、装修（{{supplementaryTerms.otherTermsFixedTwo}}）：乙方对房屋进行装修须经甲方同意：{{supplementaryTerms.otherTermsFixedTwoContent}}。</p>
<p>三、结构与渗漏（{{supplementaryTerms.otherTermsFixedThree}}）：房屋主体结构及渗漏由甲方负责维修。</p>
<p>四、非正常死亡事件（{{supplementaryTerms.otherTermsFixedFour}}）：甲方保证租赁房屋此前未发生非正常死亡事件。</p>
<p>其他约定：{{supplementaryTerms.otherTermsContent}}</p>
<h2>第六条 收款账户</h2>
<p>租金收款账户：开户银行{{bankinfo.bankName}}，账户名{{bankinfo.bankUserName}}，账号{{bankinfo.bankCardNo}}。房屋内家具家电见附件《家具家电及交接清单》。</p>
<p>本合同经各方签字（盖章）后生效。签约地点：{{bankinfo.signAddress}}。</p>
<p>甲方（签字）：&emsp;&emsp;&emsp;&emsp;乙方（签字）：&emsp;&emsp;&emsp;&emsp;居间方（盖章）：</p>`;

export type BuiltinTemplate = {
  builtinKey: 'sale' | 'rent';
  name: string;
  type: 1 | 2;
  mainTitle: string;
  subTitle: string | null;
  fields: StoredTemplateField[];
  fieldSeq: number;
  requireFlags: Record<string, number>;
  bodyHtml: string;
};

export const builtinTemplates: BuiltinTemplate[] = [
  {
    builtinKey: 'sale',
    name: '二手房买卖合同',
    type: 1,
    mainTitle: 'property.houseName',
    subTitle: 'partyB.name',
    fields: [
      field('fieldsList_1', '房屋产权年限', 4, { optionsData: ['40年', '50年', '70年'], requiredStatus: 1 }),
      field('fieldsList_2', '物业费结清日期', 6),
      field('fieldsList_3', '维修基金', 7, { numUnit: '元' }),
      field('fieldsList_4', '附赠物品', 5, {
        optionsData: ['家具', '家电', '车位使用权', '储藏室'],
        optionStatus: 1,
      }),
      field('fieldsList_5', '备注说明', 2),
    ],
    fieldSeq: 6,
    requireFlags: {
      partyA: 1,
      partyB: 1,
      'property.region': 1,
      'property.address': 1,
      'property.houseName': 1,
      'property.buildingCertificate': 1,
      'property.houseArea': 1,
      'transaction.transactionPrice': 1,
      'transaction.paymentMethod': 1,
      'transaction.transferDate': 1,
      'transaction.deliveryDate': 1,
    },
    bodyHtml: saleBody,
  },
  {
    builtinKey: 'rent',
    name: '房屋租赁合同',
    type: 2,
    mainTitle: 'property.houseName',
    subTitle: 'partyB.name',
    fields: [
      field('fieldsList_1', '租赁用途', 4, { optionsData: ['居住', '办公', '经营'], requiredStatus: 1 }),
      field('fieldsList_2', '水电燃气底数', 1),
      field('fieldsList_3', '可居住人数', 3, { numUnit: '人' }),
      field('fieldsList_4', '钥匙交接', 2),
    ],
    fieldSeq: 5,
    requireFlags: {
      partyA: 1,
      partyB: 1,
      'property.region': 1,
      'property.address': 1,
      'property.houseName': 1,
      'property.houseArea': 1,
      'transaction.startDate': 1,
      'transaction.endDate': 1,
      'transaction.paymentCycle': 1,
      'rental.monthlyRent': 1,
      'rental.depositRent': 1,
    },
    bodyHtml: rentBody,
  },
];

/** A field title is the company's own text; the template's text is HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The sentence of a widget field the shipped text does not write (one the company added or made
 * into another): its title and value, with the unit of a number, e.g. `宠物约定：{{fieldsList_5}}`.
 */
export function widgetParagraph(field: StoredTemplateField): string {
  const unit = (field.type === 3 || field.type === 7) && field.numUnit ? escapeText(field.numUnit) : '';
  return `<p>${escapeText(field.fieldTitle)}：{{${field.fieldName}}}${unit}</p>\n`;
}

/**
 * A built-in template's contract text for the widget fields the company's copy has now. The text
 * is not editable; its widget fields are (模板设置 › 自定义字段): a paragraph that writes a widget
 * field ({{fieldsList_1}}) stays while the copy still has that field as shipped (same name, title
 * and type), so a field the company removed or made into another one never prints under the
 * shipped words. Every other widget field gets its own sentence (title: value) at the end of the
 * text's other agreements (其他约定), so what the form asks for is in the previews, the print file
 * and the signed PDF. Null for a template that is not one of these (file-sign, a company's own).
 */
export function builtinBodyFor(builtinKey: string | null, fields: StoredTemplateField[]): string | null {
  const template = builtinTemplates.find((candidate) => candidate.builtinKey === builtinKey);
  if (!template) return null;
  const isAsShipped = (name: string) => {
    const shipped = template.fields.find((f) => f.fieldName === name);
    const current = fields.find((f) => f.fieldName === name);
    return (
      shipped !== undefined &&
      current !== undefined &&
      current.fieldTitle === shipped.fieldTitle &&
      current.type === shipped.type
    );
  };
  const placed = new Set<string>();
  const body = template.bodyHtml.replace(/<p>([\s\S]*?)<\/p>\n?/g, (paragraph, inner: string) => {
    const names = [...inner.matchAll(/\{\{\s*(fieldsList_\d+)\s*\}\}/g)].map((match) => match[1] ?? '');
    if (!names.every(isAsShipped)) return '';
    for (const name of names) placed.add(name);
    return paragraph;
  });
  const added = fields
    .filter((field) => !placed.has(field.fieldName))
    .map(widgetParagraph)
    .join('');
  if (!added) return body;
  // After the paragraph of other agreements (supplementaryTerms.otherTermsContent) and what follows
  // it up to the next article.
  const anchor = body.indexOf('{{supplementaryTerms.otherTermsContent}}');
  const next = anchor < 0 ? -1 : body.indexOf('<h2>', anchor);
  return next < 0 ? body + added : body.slice(0, next) + added + body.slice(next);
}
