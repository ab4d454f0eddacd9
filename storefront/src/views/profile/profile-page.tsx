import type { ReactNode } from 'react';
import { accountMessages } from '../../texts/account-messages';
import { RequireSession } from '../layout/require-session';
import { ActiveSessions } from './active-sessions';
import { AddressInfo } from './address-info';
import { EmailRow } from './email-row';
import { PasswordSection } from './password-section';
import { PersonalInfoForm } from './personal-info-form';
import { PrivacySection } from './privacy-section';
import { accountFeature } from '../../di/modules/account-module';
import { addressFeature } from '../../di/modules/address-module';
import { privacyFeature } from '../../di/modules/privacy-module';
import type { PageModule } from '../../shell/page-module';
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
        <ProfileSection id="profile-personal-info" title={accountMessages.profile.personalInfo}>
          <ProfileSection part id="profile-password" title={accountMessages.profile.passwordSection}>
            <PasswordSection />
          </ProfileSection>
          <ProfileSection part id="profile-email" title={accountMessages.profile.emailSection}>
            <EmailRow />
          </ProfileSection>
          <ProfileSection part id="profile-form" title={accountMessages.profile.personalInfoForm}>
            <PersonalInfoForm />
          </ProfileSection>
        </ProfileSection>
        <ProfileSection id="profile-address-info" title={accountMessages.profile.addressInfo}>
          <AddressInfo />
        </ProfileSection>
        <ProfileSection id="profile-sessions" title={accountMessages.sessions.title}>
          <ActiveSessions />
        </ProfileSection>
        <ProfileSection id="profile-privacy" title={accountMessages.privacy.title}>
          <PrivacySection />
        </ProfileSection>
      </div>
    </RequireSession>
  );
}

interface ProfileSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** A part of a card (a smaller heading) rather than a card of the page. */
  part?: boolean;
  children: ReactNode;
}

/** A card of the profile page, or a part of one, named by its heading. */
function ProfileSection({ id, title, part = false, children }: ProfileSectionProps) {
  const Heading = part ? 'h3' : 'h2';
  return (
    <section className={part ? 'profile-sub' : 'profile-card'} aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}

export const profilePage: PageModule = { Component: ProfilePage, features: [accountFeature, privacyFeature, addressFeature] };
