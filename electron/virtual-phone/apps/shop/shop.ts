import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import { bottomTabs, matches, rotating, searchBox, tx, yuan } from '../sample-kit/kit.js';
import type { Product } from './products.js';
import { CATS, PRODUCTS, product } from './products.js';

/**
 * Shop: search or browse categories, product page (quantity, add to cart, buy now), cart with
 * quantities and removal, checkout, orders with tracking. "Buy now" and "cart → checkout" are
 * two paths to an order; orders are reached from "Me" or from the delivery banner on the home page.
 */
export interface OrderLine {
  id: string;
  qty: number;
}
export interface Order {
  no: string;
  items: OrderLine[];
  status: 'paid' | 'shipping' | 'delivered';
}
export interface ShopState {
  cart: OrderLine[];
  orders: Order[];
  viewedOrders: string[];
  nextOrder: number;
}
type Ctx = AppContext<ShopState>;
const TABS: Array<[string, string, string, string]> = [
  ['shop.home', 'Home', '首页', '⌂'],
  ['shop.cart', 'Cart', '购物车', '▦'],
  ['shop.me', 'Me', '我的', '☺'],
];
const STATUS = {
  paid: { en: 'Paid, waiting to ship', zh: '已付款，待发货' },
  shipping: { en: 'On the way', zh: '运输中' },
  delivered: { en: 'Delivered', zh: '已签收' },
};
const prodRow = (ctx: Ctx, p: Product): Widget => ({
  kind: 'row',
  id: 'product',
  icon: [...tx(ctx, p.name)][0] ?? '?',
  iconColor: '#FF5000',
  title: tx(ctx, p.name),
  summary: yuan(p.price),
  onTap: () => ctx.go('shop.product', { id: p.id }),
});

/** Items in the cart, for the badge on the cart tab and the product page's cart icon. */
const cartCount = (ctx: Ctx): number => ctx.state.cart.reduce((a, l) => a + l.qty, 0);
const cartBadge = (ctx: Ctx): Record<string, number> => ({ 'shop.cart': cartCount(ctx) });

/** Minutes:seconds to the next full hour of phone time (the flash sale's end). */
function flashLeft(ctx: Ctx): string {
  const s = Math.ceil((3_600_000 - (ctx.sys.now() % 3_600_000)) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function home(ctx: Ctx): ScreenView {
  const shipping = ctx.state.orders.find((o) => o.status === 'shipping');
  return {
    title: ctx.t('Shop', '购物'),
    body: [
      searchBox(ctx, 'search', ctx.t('Search products', '搜索商品'), (q) => ctx.go('shop.results', { q })),
      ...(shipping
        ? [
            {
              kind: 'row' as const,
              id: 'delivery_banner',
              icon: '▶',
              iconColor: '#FF5000',
              title: ctx.t('Your parcel is on the way', '您的包裹正在派送'),
              summary: tx(ctx, product(shipping.items[0]?.id)?.name ?? { en: '', zh: '' }),
              onTap: () => ctx.go('shop.order', { no: shipping.no }),
            },
          ]
        : []),
      {
        kind: 'grid',
        id: 'categories',
        columns: 3,
        cellHeight: 64,
        cells: CATS.map((c) => ({
          kind: 'button' as const,
          id: `cat_${c.id}`,
          text: tx(ctx, c),
          style: 'tonal' as const,
          onTap: () => ctx.go('shop.results', { cat: c.id }),
        })),
      },
      {
        kind: 'text',
        id: 'flash_sale',
        text: ctx.t(`Flash sale ends in ${flashLeft(ctx)}`, `限时秒杀 ${flashLeft(ctx)} 后结束`),
        color: '#FF5000',
        size: 14,
      },
      { kind: 'text', text: ctx.t('Recommended', '为你推荐'), bold: true, size: 15 },
      ...rotating(ctx, 'shop-recommend', PRODUCTS, 60_000).map((p) => prodRow(ctx, p)),
    ],
    footer: [bottomTabs(ctx, 'shop.home', TABS, cartBadge(ctx))],
  };
}

function results(ctx: Ctx): ScreenView {
  const q = ctx.params['q'];
  const cat = CATS.find((c) => c.id === ctx.params['cat']);
  const list = PRODUCTS.filter((p) =>
    cat
      ? p.cat === cat.id
      : matches(p.name, q ?? '') ||
        matches(
          CATS.find((c) => c.id === p.cat)!,
          q ?? '',
        ),
  );
  return {
    title: q ?? (cat ? tx(ctx, cat) : ''),
    up: true,
    body: list.length ? list.map((p) => prodRow(ctx, p)) : [{ kind: 'text', text: ctx.t('No products found', '没有找到商品') }],
  };
}

function productPage(ctx: Ctx): ScreenView {
  const p = product(ctx.params['id']) ?? PRODUCTS[0]!;
  const d = (ctx.local['qty'] ??= { n: 1 }) as { n: number };
  const inCart = cartCount(ctx);
  return {
    title: tx(ctx, p.name),
    up: true,
    container: 'scroll',
    actions: [
      {
        glyph: '▦',
        id: 'cart',
        desc: inCart ? ctx.t(`Cart, ${inCart} items`, `购物车 ${inCart} 件`) : ctx.t('Cart', '购物车'),
        onTap: () => ctx.go('shop.cart'),
      },
    ],
    body: [
      { kind: 'image', desc: tx(ctx, p.name), height: 480, color: '#FFE7D9', label: tx(ctx, p.name) },
      { kind: 'bigtext', id: 'price', text: yuan(p.price), sub: tx(ctx, p.name), size: 40 },
      { kind: 'row', id: 'quantity', title: ctx.t('Quantity', '数量'), trailing: { kind: 'text', text: String(d.n) } },
      {
        kind: 'buttons',
        buttons: [
          {
            kind: 'button',
            id: 'qty_minus',
            text: '−',
            desc: ctx.t('Fewer', '减少数量'),
            style: 'tonal',
            onTap: () => (d.n = Math.max(1, d.n - 1)),
          },
          { kind: 'button', id: 'qty_plus', text: '+', desc: ctx.t('More', '增加数量'), style: 'tonal', onTap: () => (d.n += 1) },
        ],
      },
    ],
    footer: [
      {
        kind: 'buttons',
        buttons: [
          {
            kind: 'button',
            id: 'add_to_cart',
            text: ctx.t('Add to cart', '加入购物车'),
            style: 'tonal',
            onTap: () => {
              const line = ctx.state.cart.find((l) => l.id === p.id);
              if (line) line.qty += d.n;
              else ctx.state.cart.push({ id: p.id, qty: d.n });
              ctx.toast(ctx.t('Added to cart', '已加入购物车'));
            },
          },
          {
            kind: 'button',
            id: 'buy_now',
            text: ctx.t('Buy now', '立即购买'),
            onTap: () => ctx.go('shop.checkout', { id: p.id, qty: String(d.n) }),
          },
        ],
      },
    ],
  };
}

function cart(ctx: Ctx): ScreenView {
  const lines = ctx.state.cart;
  return {
    title: ctx.t('Cart', '购物车'),
    body:
      lines.length === 0
        ? [{ kind: 'text', text: ctx.t('Your cart is empty', '购物车是空的') }]
        : lines.flatMap((l): Widget[] => {
            const p = product(l.id);
            if (!p) return [];
            return [
              {
                kind: 'row',
                id: 'cart_item',
                title: tx(ctx, p.name),
                summary: `${yuan(p.price)} × ${l.qty}`,
                trailing: {
                  kind: 'icon',
                  id: 'remove',
                  glyph: '✕',
                  desc: ctx.t(`Remove ${p.name.en}`, `删除${p.name.zh}`),
                  onTap: () => (ctx.state.cart = ctx.state.cart.filter((x) => x !== l)),
                },
              },
              {
                kind: 'buttons',
                buttons: [
                  {
                    kind: 'button',
                    id: 'cart_minus',
                    text: '−',
                    desc: ctx.t(`Fewer ${p.name.en}`, `减少${p.name.zh}`),
                    style: 'tonal',
                    onTap: () => {
                      l.qty -= 1;
                      if (l.qty <= 0) ctx.state.cart = ctx.state.cart.filter((x) => x !== l);
                    },
                  },
                  {
                    kind: 'button',
                    id: 'cart_plus',
                    text: '+',
                    desc: ctx.t(`More ${p.name.en}`, `增加${p.name.zh}`),
                    style: 'tonal',
                    onTap: () => (l.qty += 1),
                  },
                ],
              },
            ];
          }),
    footer: [
      ...(lines.length
        ? [{ kind: 'button' as const, id: 'checkout', text: ctx.t('Check out', '去结算'), onTap: () => ctx.go('shop.checkout') }]
        : []),
      bottomTabs(ctx, 'shop.cart', TABS, cartBadge(ctx)),
    ],
  };
}

function checkout(ctx: Ctx): ScreenView {
  const single = ctx.params['id'];
  const lines: OrderLine[] = single ? [{ id: single, qty: Number(ctx.params['qty'] ?? 1) }] : ctx.state.cart.map((l) => ({ ...l }));
  const total = lines.reduce((a, l) => a + (product(l.id)?.price ?? 0) * l.qty, 0);
  const submit = () => {
    const no = `SO${1000 + ctx.state.nextOrder++}`;
    ctx.state.orders.unshift({ no, items: lines, status: 'paid' });
    if (!single) ctx.state.cart = [];
    ctx.toast(ctx.t('Order placed', '下单成功'));
    ctx.replace('shop.order', { no });
  };
  return {
    title: ctx.t('Confirm order', '确认订单'),
    up: true,
    body: [
      { kind: 'row', title: ctx.t('Deliver to', '收货地址'), summary: ctx.t('Home, Hexie Garden 3-201', '和谐花园 3 栋 201') },
      ...lines.map((l): Widget => ({
        kind: 'row',
        title: tx(ctx, product(l.id)?.name ?? { en: l.id, zh: l.id }),
        trailing: { kind: 'text', text: `× ${l.qty}` },
      })),
      { kind: 'bigtext', id: 'total', text: yuan(total), sub: ctx.t('Total', '合计'), size: 40 },
    ],
    footer: [{ kind: 'button', id: 'submit_order', text: ctx.t('Place order', '提交订单'), onTap: submit }],
  };
}

function me(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Me', '我的'),
    body: [
      { kind: 'row', id: 'my_orders', icon: '▤', title: ctx.t('My orders', '我的订单'), onTap: () => ctx.go('shop.orders') },
      { kind: 'row', icon: '⌂', title: ctx.t('Addresses', '收货地址'), summary: ctx.t('Hexie Garden 3-201', '和谐花园 3 栋 201') },
    ],
    footer: [bottomTabs(ctx, 'shop.me', TABS, cartBadge(ctx))],
  };
}

function orders(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('My orders', '我的订单'),
    up: true,
    body:
      ctx.state.orders.length === 0
        ? [{ kind: 'text', text: ctx.t('No orders yet', '还没有订单') }]
        : ctx.state.orders.map((o): Widget => ({
            kind: 'row',
            id: 'order_row',
            title: tx(ctx, product(o.items[0]?.id)?.name ?? { en: o.no, zh: o.no }),
            summary: tx(ctx, STATUS[o.status]),
            onTap: () => ctx.go('shop.order', { no: o.no }),
          })),
  };
}

function order(ctx: Ctx): ScreenView {
  const o = ctx.state.orders.find((x) => x.no === ctx.params['no']);
  if (!o) return { title: ctx.t('Order', '订单'), up: true, body: [{ kind: 'text', text: ctx.t('Order not found', '找不到订单') }] };
  if (!ctx.state.viewedOrders.includes(o.no)) ctx.state.viewedOrders.push(o.no);
  return {
    title: ctx.t('Order details', '订单详情'),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', id: 'order_status', text: tx(ctx, STATUS[o.status]), sub: `${ctx.t('Order', '订单号')} ${o.no}`, size: 36 },
      ...(o.status === 'shipping'
        ? [
            {
              kind: 'row' as const,
              title: ctx.t('Latest', '最新物流'),
              summary: ctx.t('Arrived at your local station, out for delivery today', '已到达本地站点，今天派送'),
            },
          ]
        : []),
      ...o.items.map((l): Widget => ({
        kind: 'row',
        title: tx(ctx, product(l.id)?.name ?? { en: l.id, zh: l.id }),
        trailing: { kind: 'text', text: `× ${l.qty}` },
      })),
    ],
  };
}

export const shopApp = defineApp<ShopState>({
  package: 'com.vphone.shop',
  label: { en: 'Shop', zh: '购物' },
  icon: { glyph: '▦', color: '#FF5000' },
  versionName: '10.3',
  versionCode: 103,
  home: 'shop.home',
  viewLog: ['viewedOrders'],
  initialState: () => ({ cart: [], orders: [], viewedOrders: [], nextOrder: 1 }),
  badge: (s) => s.cart.length,
  screens: {
    'shop.home': { id: 'shop.home', activity: 'com.vphone.shop.MainActivity', render: home },
    'shop.results': { id: 'shop.results', activity: 'com.vphone.shop.SearchActivity', render: results },
    'shop.product': { id: 'shop.product', activity: 'com.vphone.shop.ProductActivity', render: productPage },
    'shop.cart': { id: 'shop.cart', activity: 'com.vphone.shop.MainActivity', render: cart },
    'shop.checkout': { id: 'shop.checkout', activity: 'com.vphone.shop.CheckoutActivity', render: checkout },
    'shop.me': { id: 'shop.me', activity: 'com.vphone.shop.MainActivity', render: me },
    'shop.orders': { id: 'shop.orders', activity: 'com.vphone.shop.OrdersActivity', render: orders },
    'shop.order': { id: 'shop.order', activity: 'com.vphone.shop.OrderActivity', render: order },
  },
  // Orders also as categories, so checks can ask "was any glasses ordered" without naming one product.
  exportState: (s) => ({
    ...s,
    orderedCategories: [...new Set(s.orders.flatMap((o) => o.items.map((l) => product(l.id)?.cat ?? '')))],
    orderedItems: s.orders.flatMap((o) => o.items),
  }),
});
