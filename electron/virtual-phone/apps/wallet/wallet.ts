import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { DialogView, ScreenView, Widget } from '../../ui/widgets.js';
import { tx, yuan } from '../sample-kit/kit.js';
import { BILLS, PAYEES, SERVICES } from './data.js';
import { dateFormat } from '../../device/date-format.js';

/**
 * Wallet: balance (hidden until the eye is tapped, or read on the Balance page), transfers,
 * bill payments (from the home shortcuts or the full services list) that end on a result page
 * showing the amount and payee, monthly bills, and a
 * dispute flow (from the bill itself or from customer service). Ground truth: `payments`,
 * `transfers`, `disputes`, `balanceViewed`, `viewedMonths`.
 */
export interface WalletState {
  balance: number;
  showBalance: boolean;
  balanceViewed: boolean;
  payments: Array<{ type: string; amount: number }>;
  transfers: Array<{ to: string; amount: number }>;
  disputes: string[];
  viewedMonths: string[];
}
type Ctx = AppContext<WalletState>;
const svc = (id: string) => SERVICES.find((s) => s.id === id);

function openService(ctx: Ctx, id: string): void {
  const s = svc(id);
  if (s?.kind === 'pay') ctx.go('wallet.pay', { type: id });
  else ctx.go(id);
}

/** Time-of-day greeting from the phone's clock and time zone. */
function greeting(ctx: Ctx): string {
  const h = Number(dateFormat('en-GB', { timeZone: ctx.sys.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(ctx.sys.now()));
  return h < 11 ? ctx.t('Good morning', '早上好') : h < 18 ? ctx.t('Good afternoon', '下午好') : ctx.t('Good evening', '晚上好');
}

function home(ctx: Ctx): ScreenView {
  const shown = ctx.state.showBalance;
  if (shown) ctx.state.balanceViewed = true;
  const shortcut = (id: string, glyph: string) => ({
    kind: 'button' as const,
    id: `shortcut_${id.replace('wallet.', '')}`,
    text: `${glyph} ${tx(ctx, svc(id)!)}`,
    style: 'tonal' as const,
    onTap: () => openService(ctx, id),
  });
  return {
    title: ctx.t('Wallet', '钱包'),
    body: [
      {
        kind: 'card',
        id: 'balance_card',
        color: '#E6F4EA',
        children: [
          { kind: 'text', text: ctx.t('Balance', '余额'), size: 14 },
          {
            kind: 'row',
            id: 'balance',
            title: shown ? yuan(ctx.state.balance) : '****',
            trailing: {
              kind: 'icon',
              id: 'toggle_balance',
              glyph: shown ? '◉' : '◎',
              desc: shown ? ctx.t('Hide balance', '隐藏余额') : ctx.t('Show balance', '显示余额'),
              onTap: () => (ctx.state.showBalance = !shown),
            },
          },
        ],
      },
      {
        kind: 'grid',
        id: 'shortcuts',
        columns: 2,
        cellHeight: 72,
        cells: [shortcut('wallet.transfer', '⇄'), shortcut('electricity', '⚡'), shortcut('mobile', '☎'), shortcut('wallet.bills', '▤')],
      },
      { kind: 'row', id: 'all_services', icon: '☰', title: ctx.t('All services', '全部服务'), onTap: () => ctx.go('wallet.services') },
      { kind: 'text', id: 'greeting', text: greeting(ctx), size: 14, color: '#44474F' },
      { kind: 'text', text: ctx.t('Recent', '最近交易'), bold: true, size: 15 },
      ...BILLS.filter((b) => b.month === 'this')
        .slice(0, 6)
        .map((b): Widget => ({
          kind: 'row',
          id: 'recent_bill',
          title: tx(ctx, b.title),
          trailing: { kind: 'text', text: `-${yuan(b.amount)}` },
          onTap: () => ctx.go('wallet.bill', { id: b.id }),
        })),
    ],
  };
}

function services(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('All services', '全部服务'),
    up: true,
    body: SERVICES.map((s): Widget => ({ kind: 'row', id: 'service', title: tx(ctx, s), onTap: () => openService(ctx, s.id) })),
  };
}

function balance(ctx: Ctx): ScreenView {
  ctx.state.balanceViewed = true;
  return {
    title: ctx.t('Balance', '余额'),
    up: true,
    body: [{ kind: 'bigtext', id: 'balance_amount', text: yuan(ctx.state.balance), sub: ctx.t('Available', '可用余额') }],
  };
}

/** Amount entry shared by bill payment and transfer: presets or typed digits, then confirm. */
function amountForm(ctx: Ctx, confirmText: string, onConfirm: (amount: number) => void): Widget[] {
  const d = (ctx.local['amount'] ??= { v: '' }) as { v: string };
  const confirm = () => {
    const amount = Number(d.v);
    if (!(amount > 0) || amount > ctx.state.balance) {
      ctx.toast(ctx.t('Enter a valid amount', '请输入正确金额'));
      return;
    }
    ctx.state.balance = Math.round((ctx.state.balance - amount) * 100) / 100;
    onConfirm(amount);
  };
  return [
    {
      kind: 'input',
      id: 'amount',
      hint: ctx.t('Amount (yuan)', '金额（元）'),
      value: d.v,
      onChange: (v) => (d.v = v.replace(/[^\d.]/g, '')),
      onSubmit: confirm,
    },
    {
      kind: 'grid',
      id: 'presets',
      columns: 4,
      cellHeight: 64,
      cells: [50, 100, 200, 500].map((n) => ({
        kind: 'button' as const,
        id: `preset_${n}`,
        text: ctx.t(`${n}`, `${n}元`),
        style: 'tonal' as const,
        onTap: () => (d.v = String(n)),
      })),
    },
    { kind: 'button', id: 'confirm', text: confirmText, onTap: confirm },
  ];
}

function pay(ctx: Ctx): ScreenView {
  const type = ctx.params['type'] ?? 'electricity';
  const s = svc(type);
  return {
    title: s ? tx(ctx, s) : type,
    up: true,
    container: 'scroll',
    body: [
      { kind: 'row', title: ctx.t('Account', '缴费户号'), summary: type === 'mobile' ? '138****2716' : '3302-1188-07' },
      ...amountForm(ctx, ctx.t('Pay', '确认缴费'), (amount) => {
        ctx.state.payments.push({ type, amount });
        ctx.replace('wallet.done', { what: 'pay', amount: String(amount), to: s ? tx(ctx, s) : type });
      }),
    ],
  };
}

/** The result page a payment or transfer ends on, as real wallet apps show it: what went where. */
function done(ctx: Ctx): ScreenView {
  const paid = ctx.params['what'] === 'pay';
  return {
    title: paid ? ctx.t('Payment done', '缴费成功') : ctx.t('Transfer done', '转账成功'),
    body: [
      {
        kind: 'bigtext',
        id: 'done_amount',
        text: yuan(Number(ctx.params['amount'] ?? 0)),
        sub: paid ? ctx.t('Paid', '已缴费') : ctx.t('Sent', '已转账'),
        size: 44,
      },
      { kind: 'row', id: 'done_to', title: paid ? ctx.t('For', '缴费项目') : ctx.t('To', '收款人'), summary: ctx.params['to'] ?? '' },
      { kind: 'button', id: 'done', text: ctx.t('Done', '完成'), onTap: () => ctx.back() },
    ],
  };
}

function transfer(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Transfer to', '转账给'),
    up: true,
    body: PAYEES.map((p): Widget => ({
      kind: 'row',
      id: 'payee',
      icon: [...tx(ctx, p)][0] ?? '?',
      title: tx(ctx, p),
      onTap: () => ctx.go('wallet.transfer_amount', { to: p.id }),
    })),
  };
}

function transferAmount(ctx: Ctx): ScreenView {
  const to = ctx.params['to'] ?? '';
  const p = PAYEES.find((x) => x.id === to);
  return {
    title: `${ctx.t('Transfer to', '转账给')} ${p ? tx(ctx, p) : to}`,
    up: true,
    container: 'scroll',
    body: amountForm(ctx, ctx.t('Transfer', '转账'), (amount) => {
      ctx.state.transfers.push({ to, amount });
      ctx.replace('wallet.done', { what: 'transfer', amount: String(amount), to: p ? tx(ctx, p) : to });
    }),
  };
}

function bills(ctx: Ctx): ScreenView {
  const month = (ctx.local['month'] ??= 'this') as 'this' | 'last';
  if (!ctx.state.viewedMonths.includes(month)) ctx.state.viewedMonths.push(month);
  const list = BILLS.filter((b) => b.month === month);
  const total = list.reduce((a, b) => a + b.amount, 0);
  return {
    title: ctx.t('Bills', '账单'),
    up: true,
    body: [
      {
        kind: 'tabs',
        id: 'month_tabs',
        tabs: [
          { label: ctx.t('This month', '本月'), selected: month === 'this', onTap: () => (ctx.local['month'] = 'this') },
          { label: ctx.t('Last month', '上月'), selected: month === 'last', onTap: () => (ctx.local['month'] = 'last') },
        ],
      },
      { kind: 'bigtext', id: 'month_total', text: yuan(total), sub: ctx.t('Spent', '支出合计'), size: 40 },
      ...list.map((b): Widget => ({
        kind: 'row',
        id: 'bill',
        title: tx(ctx, b.title),
        trailing: { kind: 'text', text: `-${yuan(b.amount)}` },
        onTap: () => ctx.go('wallet.bill', { id: b.id }),
      })),
    ],
  };
}

function dispute(ctx: Ctx, id: string): void {
  if (!ctx.state.disputes.includes(id)) ctx.state.disputes.push(id);
  ctx.toast(ctx.t('Report sent, we will refund if confirmed', '已提交申诉，核实后退款'));
}

function bill(ctx: Ctx): ScreenView {
  const b = BILLS.find((x) => x.id === ctx.params['id']) ?? BILLS[0]!;
  const close = () => delete ctx.local['confirm'];
  const dialog: DialogView | undefined = ctx.local['confirm']
    ? {
        title: ctx.t('Report this payment?', '对这笔交易申诉？'),
        message: ctx.t('We will check it and refund if it was not you.', '核实不是您本人消费后将退款。'),
        positive: {
          text: ctx.t('Report', '提交申诉'),
          onTap: () => {
            dispute(ctx, b.id);
            close();
          },
        },
        negative: { text: ctx.t('Cancel', '取消'), onTap: close },
      }
    : undefined;
  return {
    title: ctx.t('Bill details', '账单详情'),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', id: 'bill_amount', text: `-${yuan(b.amount)}`, sub: tx(ctx, b.title), size: 44 },
      {
        kind: 'row',
        title: ctx.t('Status', '状态'),
        summary: ctx.state.disputes.includes(b.id) ? ctx.t('Under review', '申诉处理中') : ctx.t('Paid', '支付成功'),
      },
      {
        kind: 'button',
        id: 'dispute',
        text: ctx.t('I did not make this payment', '对此订单有疑问'),
        style: 'tonal',
        onTap: () => (ctx.local['confirm'] = true),
      },
    ],
    dialog,
  };
}

function support(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Customer service', '客服中心'),
    up: true,
    body: [
      { kind: 'text', text: ctx.t('Which payment is wrong?', '哪笔交易有问题？'), bold: true },
      ...BILLS.filter((b) => b.month === 'this').map((b): Widget => ({
        kind: 'row',
        id: 'support_bill',
        title: tx(ctx, b.title),
        summary: `-${yuan(b.amount)}`,
        trailing: {
          kind: 'icon',
          id: 'report',
          glyph: '!',
          desc: ctx.t(`Report ${b.title.en}`, `申诉 ${b.title.zh}`),
          onTap: () => dispute(ctx, b.id),
        },
      })),
    ],
  };
}

export const walletApp = defineApp<WalletState>({
  package: 'com.vphone.wallet',
  label: { en: 'Wallet', zh: '钱包' },
  icon: { glyph: '¥', color: '#1677FF' },
  versionName: '10.5',
  versionCode: 105,
  home: 'wallet.home',
  viewLog: ['balanceViewed', 'viewedMonths'],
  initialState: () => ({
    balance: 2680.5,
    showBalance: false,
    balanceViewed: false,
    payments: [],
    transfers: [],
    disputes: [],
    viewedMonths: [],
  }),
  screens: {
    'wallet.home': { id: 'wallet.home', activity: 'com.vphone.wallet.MainActivity', render: home },
    'wallet.services': { id: 'wallet.services', activity: 'com.vphone.wallet.ServicesActivity', render: services },
    'wallet.balance': { id: 'wallet.balance', activity: 'com.vphone.wallet.BalanceActivity', render: balance },
    'wallet.pay': { id: 'wallet.pay', activity: 'com.vphone.wallet.PayActivity', render: pay },
    'wallet.transfer': { id: 'wallet.transfer', activity: 'com.vphone.wallet.TransferActivity', render: transfer },
    'wallet.transfer_amount': { id: 'wallet.transfer_amount', activity: 'com.vphone.wallet.TransferActivity', render: transferAmount },
    'wallet.bills': { id: 'wallet.bills', activity: 'com.vphone.wallet.BillsActivity', render: bills },
    'wallet.bill': { id: 'wallet.bill', activity: 'com.vphone.wallet.BillActivity', render: bill },
    'wallet.support': { id: 'wallet.support', activity: 'com.vphone.wallet.SupportActivity', render: support },
    'wallet.done': { id: 'wallet.done', activity: 'com.vphone.wallet.ResultActivity', render: done },
  },
});
