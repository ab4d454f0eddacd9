import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';

/** The shop's mark, drawn inline; it always links home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`logo ${className}`} aria-label={messages.layout.logoLabel}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#ffd166" />
        <path d="M9 12h14l-1.6 10.2a2 2 0 0 1-2 1.8h-6.8a2 2 0 0 1-2-1.8z" fill="#16213a" />
        <path d="M12.5 12a3.5 3.5 0 0 1 7 0" fill="none" stroke="#16213a" strokeWidth="2" />
      </svg>
      <span className="logo__text" aria-hidden="true">
        {messages.layout.shopName}
      </span>
    </Link>
  );
}
