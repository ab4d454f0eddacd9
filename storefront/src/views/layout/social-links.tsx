import type { ReactNode } from 'react';
import { messages } from '../../texts/messages';
import { SOCIAL_NETWORKS, type SocialNetwork, type SocialSettings, socialProfileUrls } from './social-profiles';
import './social-links.css';

/** Simple inline marks (D10: no third-party assets are loaded). */
const ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.5H8v3h2.4V21z" />,
  instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17" cy="7" r="1.2" />
    </>
  ),
  x: <path d="M5 4h4l10 16h-4zM18.5 4h1.8l-6.5 7.4-1-1.4zM5.5 20h-1.8l6.6-7.5 1 1.4z" />,
  youtube: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="4" />
      <path d="M10.5 9.5v5l4.3-2.5z" fill="#16213a" />
    </>
  ),
  linkedin: (
    <>
      <rect x="4.5" y="9.5" width="3" height="10" />
      <circle cx="6" cy="6" r="1.8" />
      <path d="M10 9.5h2.9v1.4c.5-.9 1.6-1.7 3.2-1.7 3 0 3.4 2 3.4 4.5v5.8h-3v-5c0-1.3-.1-2.6-1.6-2.6s-1.9 1.1-1.9 2.5v5.1h-3z" />
    </>
  ),
};

/** The shop's own profiles, set when the shop is built (README "Configuration"); the demo shop's by default. */
const PROFILES = socialProfileUrls(import.meta.env as SocialSettings);

const NETWORKS = SOCIAL_NETWORKS.map((key) => ({ key, name: messages.layout.social[key], href: PROFILES[key] }));

/** The shop's profiles on five social networks (the sidebar); each opens in a new tab without access to this page. */
export function SocialLinks() {
  return (
    <ul className="social-links" aria-label={messages.layout.social.label}>
      {NETWORKS.map((network) => (
        <li key={network.key}>
          <a
            className="social-links__link"
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${network.name} ${messages.layout.social.newTab}`}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              {ICONS[network.key]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
