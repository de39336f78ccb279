import type { Tx } from '../sample-kit/kit.js';

/** Shop's fixed catalogue. */
export interface Product {
  id: string;
  cat: string;
  name: Tx;
  price: number;
}
const P = (id: string, cat: string, en: string, zh: string, price: number): Product => ({ id, cat, name: { en, zh }, price });
export const CATS: Array<Tx & { id: string }> = [
  { id: 'grain', en: 'Rice & oil', zh: '粮油' },
  { id: 'dairy', en: 'Milk', zh: '牛奶乳品' },
  { id: 'glasses', en: 'Glasses', zh: '眼镜' },
  { id: 'health', en: 'Health', zh: '保健' },
  { id: 'daily', en: 'Household', zh: '日用百货' },
];
export const PRODUCTS: Product[] = [
  P('rice-5kg', 'grain', 'Northeast rice 5 kg', '东北大米 5kg', 49.9),
  P('rice-10kg', 'grain', 'Fragrant rice 10 kg', '五常香米 10kg', 89),
  P('oil', 'grain', 'Peanut oil 5 L', '花生油 5L', 79.9),
  P('flour', 'grain', 'Wheat flour 5 kg', '面粉 5kg', 29.9),
  P('millet', 'grain', 'Millet 2 kg', '小米 2kg', 25.8),
  P('milk-box', 'dairy', 'Whole milk, case of 12', '纯牛奶 整箱 12 盒', 45),
  P('milk-lowfat', 'dairy', 'Low-fat milk, case of 12', '低脂牛奶 整箱 12 盒', 48),
  P('yogurt', 'dairy', 'Yogurt, 8 cups', '酸奶 8 杯', 32),
  P('milk-powder', 'dairy', 'Milk powder for seniors', '中老年奶粉', 98),
  P('reading-150', 'glasses', 'Reading glasses +1.50', '老花镜 150 度', 39),
  P('reading-250', 'glasses', 'Reading glasses +2.50', '老花镜 250 度', 39),
  P('sunglasses', 'glasses', 'Sunglasses', '太阳镜', 59),
  P('bp-monitor', 'health', 'Blood pressure monitor', '电子血压计', 169),
  P('calcium', 'health', 'Calcium tablets', '钙片', 68),
  P('pillbox', 'health', 'Weekly pill box', '七天药盒', 12.9),
  P('cane', 'health', 'Walking stick', '老人拐杖', 55),
  P('tissue', 'daily', 'Tissues, 10 packs', '抽纸 10 包', 19.9),
  P('detergent', 'daily', 'Laundry detergent', '洗衣液', 29.9),
  P('slippers', 'daily', 'Anti-slip slippers', '防滑拖鞋', 25),
  P('thermos', 'daily', 'Thermos cup', '保温杯', 59),
  P('radio', 'daily', 'Pocket radio', '收音机', 88),
  P('phone-stand', 'daily', 'Phone stand', '手机支架', 15),
];
export const product = (id: string | undefined): Product | undefined => PRODUCTS.find((p) => p.id === id);
