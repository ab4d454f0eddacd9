import { messages } from '../../domain/messages';
import './social-links.css';

/** The five social networks of the sidebar; glyphs are drawn inline (D10: no third-party assets). */
const NETWORKS = [
  { name: messages.layout.social.facebook, href: 'https://www.facebook.com/', glyph: 'f' },
  { name: messages.layout.social.instagram, href: 'https://www.instagram.com/', glyph: 'ig' },
  { name: messages.layout.social.x, href: 'https://x.com/', glyph: 'X' },
  { name: messages.layout.social.youtube, href: 'https://www.youtube.com/', glyph: '▶' },
  { name: messages.layout.social.linkedin, href: 'https://www.linkedin.com/', glyph: 'in' },
] as const;

export function SocialLinks() {
  return (
    <ul className="social-links" aria-label={messages.layout.social.label}>
      {NETWORKS.map((network) => (
        <li key={network.href}>
          <a
            className="social-links__link"
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${network.name} ${messages.layout.social.newTab}`}
          >
            <span aria-hidden="true">{network.glyph}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
