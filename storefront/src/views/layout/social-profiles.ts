/** The five networks of the sidebar (SPEC section 2), in their order there. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The demo shop's account name on every network, unless the build names the shop's own. */
export const DEMO_SOCIAL_HANDLE = 'storefrontdemo';

/** A profile's address on each network, from the shop's account name there. */
const PROFILE_URL: Record<SocialNetwork, (handle: string) => string> = {
  facebook: (handle) => `https://www.facebook.com/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}/`,
  x: (handle) => `https://x.com/${handle}`,
  youtube: (handle) => `https://www.youtube.com/@${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/company/${handle}`,
};

/** The build-time settings read here (Vite's `VITE_` variables, docs in README "Configuration"). */
export interface SocialSettings {
  /** One account name for every network (letters, digits, `_`, `.` and `-`). */
  VITE_SOCIAL_HANDLE?: string;
  VITE_SOCIAL_FACEBOOK_URL?: string;
  VITE_SOCIAL_INSTAGRAM_URL?: string;
  VITE_SOCIAL_X_URL?: string;
  VITE_SOCIAL_YOUTUBE_URL?: string;
  VITE_SOCIAL_LINKEDIN_URL?: string;
}

const HANDLE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The shop's own profile on each network: a network's `VITE_SOCIAL_<NETWORK>_URL` (an https
 * link), else its page for `VITE_SOCIAL_HANDLE`, else the demo shop's. Anything else set there
 * (a `javascript:` link, a mistyped handle) is ignored: a link of the shop never runs a script.
 */
export function socialProfileUrls(settings: SocialSettings): Record<SocialNetwork, string> {
  const wanted = settings.VITE_SOCIAL_HANDLE?.trim() ?? '';
  const handle = HANDLE.test(wanted) ? wanted : DEMO_SOCIAL_HANDLE;
  const own: Record<SocialNetwork, string | undefined> = {
    facebook: settings.VITE_SOCIAL_FACEBOOK_URL,
    instagram: settings.VITE_SOCIAL_INSTAGRAM_URL,
    x: settings.VITE_SOCIAL_X_URL,
    youtube: settings.VITE_SOCIAL_YOUTUBE_URL,
    linkedin: settings.VITE_SOCIAL_LINKEDIN_URL,
  };
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, httpsLink(own[network]) ?? PROFILE_URL[network](handle)])) as Record<
    SocialNetwork,
    string
  >;
}

function httpsLink(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
