import { describe, expect, it } from 'vitest';
import { socialProfileUrls } from './social-profiles';

describe('socialProfileUrls', () => {
  it('links the demo shop’s own profile on each network by default, never a network’s home page', () => {
    expect(socialProfileUrls({})).toEqual({
      facebook: 'https://www.facebook.com/storefrontdemo',
      instagram: 'https://www.instagram.com/storefrontdemo/',
      x: 'https://x.com/storefrontdemo',
      youtube: 'https://www.youtube.com/@storefrontdemo',
      linkedin: 'https://www.linkedin.com/company/storefrontdemo',
    });
  });

  it('takes the shop’s account name for every network, and a network’s own link over it', () => {
    const urls = socialProfileUrls({
      VITE_SOCIAL_HANDLE: ' kadikoy_kitap ',
      VITE_SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/kadikoy-kitap-ltd',
    });
    expect(urls.x).toBe('https://x.com/kadikoy_kitap');
    expect(urls.youtube).toBe('https://www.youtube.com/@kadikoy_kitap');
    expect(urls.linkedin).toBe('https://www.linkedin.com/company/kadikoy-kitap-ltd');
  });

  it('ignores a link that is not https and a handle that would change the path', () => {
    const urls = socialProfileUrls({
      VITE_SOCIAL_HANDLE: '../../evil?x=1',
      VITE_SOCIAL_FACEBOOK_URL: 'javascript:alert(1)',
      VITE_SOCIAL_X_URL: 'http://x.com/plain',
    });
    expect(urls.facebook).toBe('https://www.facebook.com/storefrontdemo');
    expect(urls.x).toBe('https://x.com/storefrontdemo');
  });
});
