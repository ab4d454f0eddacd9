import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { messages } from '../../domain/messages';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { AddressInfo } from './address-info';
import { EmailRow } from './email-row';
import { PasswordSection } from './password-section';
import { PersonalInfoForm } from './personal-info-form';
import './profile.css';

/**
 * /profile (SPEC sections 2, 6): only with a valid access token. Without one the shopper is
 * logged out and nothing is rendered (the layout then leaves the page).
 */
export const ProfilePage = observer(function ProfilePage() {
  const session = useService(CORE.session);
  const allowed = session.isLoggedIn && session.hasValidAccessToken();

  useEffect(() => {
    if (!allowed) void session.logout();
  }, [allowed, session]);

  if (!allowed || !session.user) return null;
  return (
    <div className="page profile-page">
      <h1>{messages.profile.title}</h1>
      <section className="profile-card" aria-labelledby="profile-personal-info">
        <h2 id="profile-personal-info">{messages.profile.personalInfo}</h2>
        <section className="profile-sub" aria-labelledby="profile-password">
          <h3 id="profile-password">{messages.profile.passwordSection}</h3>
          <PasswordSection />
        </section>
        <section className="profile-sub" aria-labelledby="profile-email">
          <h3 id="profile-email">{messages.profile.emailSection}</h3>
          <EmailRow />
        </section>
        <section className="profile-sub" aria-labelledby="profile-form">
          <h3 id="profile-form">{messages.profile.personalInfoForm}</h3>
          <PersonalInfoForm />
        </section>
      </section>
      <section className="profile-card" aria-labelledby="profile-address-info">
        <h2 id="profile-address-info">{messages.profile.addressInfo}</h2>
        <AddressInfo />
      </section>
    </div>
  );
});
