import {
  ChartLine,
  CreditCard,
  LayoutDashboard,
  Link2,
  Mail,
  MessageSquareQuote,
  PanelsTopLeft,
  Plug,
  Settings,
} from 'lucide-react';

/** The main links of the signed-in navigation bar (docs/product/README.md#navigation-bar). */
export const MAIN_NAV = [
  { to: '/', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/testimonials', label: 'Testimonials', Icon: MessageSquareQuote },
  { to: '/widget', label: 'Widget', Icon: PanelsTopLeft },
  { to: '/collection-link', label: 'Collection Link', Icon: Link2 },
  { to: '/requests', label: 'Requests', Icon: Mail },
  { to: '/analytics', label: 'Analytics', Icon: ChartLine },
] as const;

/** The account links of the user menu. */
export const ACCOUNT_NAV = [
  { to: '/account-settings', label: 'Account Settings', Icon: Settings },
  { to: '/billing', label: 'Billing', Icon: CreditCard },
  { to: '/integrations', label: 'Integrations', Icon: Plug },
] as const;
