import { accountMessages } from '../../texts/account-messages';
import { RequireSession } from '../layout/require-session';
import { ActiveSessions } from './active-sessions';
import { AddressInfo } from './address-info';
import { EmailRow } from './email-row';
import { PasswordSection } from './password-section';
import { PersonalInfoForm } from './personal-info-form';
import { PrivacySection } from './privacy-section';
import './profile.css';

/**
 * /profile (SPEC sections 2, 6): only with a valid access token. Without one the shopper is
 * logged out and nothing is rendered (the session-ended handler then leaves the page).
 */
export function ProfilePage() {
  return (
    <RequireSession validToken>
      <div className="page profile-page">
        <h1>{accountMessages.profile.title}</h1>
        <section className="profile-card" aria-labelledby="profile-personal-info">
          <h2 id="profile-personal-info">{accountMessages.profile.personalInfo}</h2>
          <section className="profile-sub" aria-labelledby="profile-password">
            <h3 id="profile-password">{accountMessages.profile.passwordSection}</h3>
            <PasswordSection />
          </section>
          <section className="profile-sub" aria-labelledby="profile-email">
            <h3 id="profile-email">{accountMessages.profile.emailSection}</h3>
            <EmailRow />
          </section>
          <section className="profile-sub" aria-labelledby="profile-form">
            <h3 id="profile-form">{accountMessages.profile.personalInfoForm}</h3>
            <PersonalInfoForm />
          </section>
        </section>
        <section className="profile-card" aria-labelledby="profile-address-info">
          <h2 id="profile-address-info">{accountMessages.profile.addressInfo}</h2>
          <AddressInfo />
        </section>
        <section className="profile-card" aria-labelledby="profile-sessions">
          <h2 id="profile-sessions">{accountMessages.sessions.title}</h2>
          <ActiveSessions />
        </section>
        <section className="profile-card" aria-labelledby="profile-privacy">
          <h2 id="profile-privacy">{accountMessages.privacy.title}</h2>
          <PrivacySection />
        </section>
      </div>
    </RequireSession>
  );
}
