/**
 * The story list designers review must keep every route of SPEC section 2 and every state the
 * Storybook issue names: deleting or renaming one of them fails `npm run test:unit`.
 */
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

interface StoryModule {
  default: { title?: string; parameters?: Record<string, unknown> };
  [exportName: string]: unknown;
}

interface StoryEntry {
  file: string;
  title: string;
  exportName: string;
  route: string;
  play: boolean;
  viewport: string | undefined;
}

const modules = import.meta.glob<StoryModule>('../storefront/src/**/*.stories.tsx', { eager: true });

function storiesOf(file: string, module: StoryModule): StoryEntry[] {
  const meta = module.default;
  if (!meta.title) throw new Error(`${file} has no title: designers find stories by title`);
  const excluded = new Set(['default', '__namedExportsOrder']);
  return Object.entries(module)
    .filter(([exportName, value]) => !excluded.has(exportName) && typeof value === 'object' && value !== null)
    .map(([exportName, value]) => {
      const story = value as { parameters?: Record<string, unknown>; play?: unknown; globals?: { viewport?: { value?: string } } };
      const route = (story.parameters?.route ?? meta.parameters?.route ?? '/') as string;
      return {
        file,
        title: meta.title!,
        exportName,
        route: route.split(/[?#]/)[0]!,
        play: typeof story.play === 'function',
        viewport: story.globals?.viewport?.value,
      };
    });
}

const stories = Object.entries(modules).flatMap(([file, module]) => storiesOf(file, module));

/** SPEC section 2, as route patterns. */
const SPEC_ROUTES = [
  '/',
  '/authpopup',
  '/reset-password/:token',
  '/verify-email/:token',
  '/verify-email-anonymous/:token',
  '/profile',
  '/orders',
  '/about',
  '/cart',
  '/check-out',
  '/productlist/',
  '/productlist/:catId',
  '/product/:id',
];

function atRoute(pattern: string, entries: StoryEntry[]): StoryEntry[] {
  return entries.filter((story) => matchPath({ path: pattern, end: true }, story.route) !== null);
}

interface RequiredState {
  title: string;
  story: string;
  /** The story must be an interaction story (a play function). */
  play?: boolean;
  viewport?: 'phone' | 'desktop';
}

/** The states the issue names, by the story that shows each. */
const REQUIRED_STATES: RequiredState[] = [
  // loading, error, empty, loaded
  ...['Loaded', 'Loading', 'Error', 'Empty'].map((story) => ({ title: 'Screens/Home', story })),
  ...['Category', 'AllProducts', 'Loading', 'Error', 'Empty'].map((story) => ({ title: 'Screens/Product list', story })),
  // search, sorting and paging (D18)
  ...['SortedByPrice', 'SecondPage', 'PastLastPage'].map((story) => ({ title: 'Screens/Product list', story })),
  ...['Results', 'SortedByPrice', 'SecondPage', 'PastLastPage', 'Empty', 'NoText', 'Loading', 'Error'].map((story) => ({
    title: 'Screens/Search',
    story,
  })),
  { title: 'Screens/Search', story: 'ChooseAnOrder', play: true },
  { title: 'Screens/Search', story: 'Mobile', viewport: 'phone' },
  { title: 'Routes', story: 'Search' },
  { title: 'Routes', story: 'SearchFromHeader', play: true, viewport: 'desktop' },
  { title: 'Routes', story: 'SearchFromSidebarPhone', play: true, viewport: 'phone' },
  // the filter panel (D25)
  ...['WithCounts', 'ActiveFilters', 'LoadingCounts', 'CountsError', 'EmptyWithFilters'].map((story) => ({
    title: 'Catalog/Filter panel',
    story,
  })),
  { title: 'Catalog/Filter panel', story: 'ChooseFilters', play: true },
  { title: 'Catalog/Filter panel', story: 'PhoneDrawerOpen', play: true, viewport: 'phone' },
  ...['Loaded', 'Loading', 'Error', 'NotFound'].map((story) => ({ title: 'Screens/Product page', story })),
  ...['Loaded', 'Loading', 'Error'].map((story) => ({ title: 'Catalog/Category tree', story })),
  ...['Loaded', 'Loading', 'Error', 'Empty'].map((story) => ({ title: 'Home/Product carousel', story })),
  ...['WithItems', 'Empty'].map((story) => ({ title: 'Screens/Cart', story })),
  ...['List', 'Empty'].map((story) => ({ title: 'Profile/Address Info', story })),
  // logged out / logged in
  { title: 'Layout/App layout', story: 'LoggedOut' },
  { title: 'Layout/App layout', story: 'LoggedIn' },
  { title: 'Account/Profile', story: 'LoggedOut' },
  { title: 'Routes', story: 'ProfileLoggedOut' },
  { title: 'Routes', story: 'Profile' },
  // unverified / verified email
  { title: 'Account/Profile', story: 'UnverifiedEmail' },
  { title: 'Account/Profile', story: 'VerifiedEmail' },
  { title: 'Account/Email verification', story: 'Verified' },
  { title: 'Account/Email verification', story: 'LinkRejected' },
  // password rules partly met
  { title: 'Account/Profile', story: 'PasswordRulesPartlyMet', play: true },
  { title: 'Account/Reset password popup', story: 'AllRulesMet', play: true },
  { title: 'Routes', story: 'ResetPasswordRulesTurnGreen', play: true },
  // address tile collapsed / expanded / new (key 999) / corporate invoice
  ...['Collapsed', 'Expanded', 'NewAddress', 'CorporateInvoice'].map((story) => ({ title: 'Profile/Address tile', story })),
  { title: 'Profile/Address form/Cascading selects', story: 'ChooseCityDistrictNeighbourhood', play: true },
  // checkout with and without addresses
  { title: 'Checkout/Checkout page', story: 'WithAddresses' },
  { title: 'Checkout/Checkout page', story: 'WithoutAddresses' },
  // the session popup, the guest checkout modal
  { title: 'Account/Session popup', story: 'ExpiringSoon' },
  { title: 'Routes', story: 'ProfileSessionExpiring' },
  { title: 'Account/Guest checkout modal', story: 'Open' },
  // interaction stories: add to cart and the badge, carousel next/prev wrap
  { title: 'Layout/App layout', story: 'AddToCartUpdatesBadge', play: true },
  { title: 'Catalog/Product card', story: 'AddToCart', play: true },
  { title: 'Home/Product carousel', story: 'NextAndPreviousWrap', play: true },
  // mobile (375 px) and desktop viewports for the layout-heavy screens
  { title: 'Layout/App layout', story: 'Mobile', viewport: 'phone' },
  { title: 'Screens/Home', story: 'Mobile', viewport: 'phone' },
  { title: 'Screens/Home', story: 'Desktop', viewport: 'desktop' },
  { title: 'Screens/Product page', story: 'Mobile', viewport: 'phone' },
  { title: 'Screens/Product list', story: 'Mobile', viewport: 'phone' },
  { title: 'Screens/Cart', story: 'Mobile', viewport: 'phone' },
  { title: 'Checkout/Checkout page', story: 'OnPhone', viewport: 'phone' },
  { title: 'Checkout/Checkout page', story: 'OnDesktop', viewport: 'desktop' },
  { title: 'Profile/Address Info', story: 'ListOnPhone', viewport: 'phone' },
  { title: 'Profile/Address Info', story: 'ListOnDesktop', viewport: 'desktop' },
  { title: 'Account/Profile', story: 'UnverifiedEmailPhone', viewport: 'phone' },
  { title: 'Routes', story: 'HomePhone', viewport: 'phone' },
  { title: 'Routes', story: 'HomeDesktop', viewport: 'desktop' },
];

describe('the story list', () => {
  it('finds the stories', () => {
    expect(stories.length).toBeGreaterThan(50);
  });

  it.each(SPEC_ROUTES)('has a story at route %s', (pattern) => {
    expect(atRoute(pattern, stories).map((story) => `${story.title}/${story.exportName}`)).not.toEqual([]);
  });

  it.each(SPEC_ROUTES)('shows route %s through the shop’s real route table (Routes)', (pattern) => {
    expect(
      atRoute(
        pattern,
        stories.filter((story) => story.title === 'Routes'),
      ).length,
    ).toBeGreaterThan(0);
  });

  it.each(REQUIRED_STATES.map((state) => [`${state.title} › ${state.story}`, state] as const))('shows %s', (_name, state) => {
    const story = stories.find((candidate) => candidate.title === state.title && candidate.exportName === state.story);
    expect(story, `${state.title} has no story ${state.story}`).toBeDefined();
    if (state.play) expect(story!.play, 'it is an interaction story').toBe(true);
    if (state.viewport) expect(story!.viewport).toBe(state.viewport);
  });

  it('gives every story title to one file only (no two files fight over a sidebar entry)', () => {
    const fileOf = new Map<string, string>();
    for (const story of stories) {
      const known = fileOf.get(story.title);
      expect(known === undefined || known === story.file, `${story.title} in ${known} and ${story.file}`).toBe(true);
      fileOf.set(story.title, story.file);
    }
  });
});
