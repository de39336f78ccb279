import type { Tx } from '../sample-kit/kit.js';

/** Wallet's fixed bills, payees and bill-payment services. */
export interface Bill {
  id: string;
  month: 'this' | 'last';
  title: Tx;
  amount: number;
}
const B = (id: string, month: 'this' | 'last', en: string, zh: string, amount: number): Bill => ({ id, month, title: { en, zh }, amount });
export const BILLS: Bill[] = [
  B('b1', 'this', 'Supermarket', '永辉超市', 86.5),
  B('b2', 'this', 'Pharmacy', '大药房', 42),
  B('b-suspicious', 'this', 'VIP auto-renewal', '某视频会员 自动续费', 198),
  B('b3', 'this', 'Breakfast shop', '早餐店', 8),
  B('b4', 'this', 'Bus card top-up', '公交卡充值', 50),
  B('b5', 'this', 'Fruit stall', '水果店', 23.8),
  B('b6', 'this', 'Barber', '理发店', 20),
  B('b7', 'this', 'Vegetable market', '菜市场', 35.2),
  B('b8', 'last', 'Electricity', '电费', 120),
  B('b9', 'last', 'Water', '水费', 38),
  B('b10', 'last', 'Supermarket', '永辉超市', 152.3),
  B('b11', 'last', 'Mobile top-up', '话费充值', 50),
  B('b12', 'last', 'Gas', '燃气费', 66),
  B('b13', 'last', 'Pharmacy', '大药房', 89),
  B('b14', 'last', 'Restaurant', '饭店', 210),
  B('b15', 'last', 'Gift to grandson', '给孙子的红包', 200),
];
export const PAYEES: Array<Tx & { id: string }> = [
  { id: 'son', en: 'Son (Jianguo)', zh: '儿子建国' },
  { id: 'daughter', en: 'Daughter (Fang)', zh: '女儿小芳' },
  { id: 'grandson', en: 'Grandson (Lele)', zh: '孙子乐乐' },
  { id: 'wife', en: 'Wife', zh: '老伴' },
  { id: 'laoli', en: 'Old Li', zh: '老李' },
  { id: 'grocer', en: 'Grocer Ma', zh: '菜店马姐' },
];
export const SERVICES: Array<Tx & { id: string; kind: 'pay' | 'screen' }> = [
  { id: 'electricity', en: 'Electricity', zh: '电费', kind: 'pay' },
  { id: 'water', en: 'Water', zh: '水费', kind: 'pay' },
  { id: 'gas', en: 'Gas', zh: '燃气费', kind: 'pay' },
  { id: 'mobile', en: 'Mobile top-up', zh: '话费充值', kind: 'pay' },
  { id: 'tv', en: 'Cable TV', zh: '有线电视费', kind: 'pay' },
  { id: 'property', en: 'Property fee', zh: '物业费', kind: 'pay' },
  { id: 'wallet.transfer', en: 'Transfer', zh: '转账', kind: 'screen' },
  { id: 'wallet.bills', en: 'Bills', zh: '账单', kind: 'screen' },
  { id: 'wallet.balance', en: 'Balance', zh: '余额', kind: 'screen' },
  { id: 'wallet.support', en: 'Customer service', zh: '客服中心', kind: 'screen' },
  { id: 'heating', en: 'Heating', zh: '暖气费', kind: 'pay' },
  { id: 'broadband', en: 'Broadband', zh: '宽带费', kind: 'pay' },
];
