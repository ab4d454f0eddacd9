import Bowser from 'bowser';

/** What a session list shows of a device: its browser (name and major version) and system. */
export interface SessionDevice {
  browser: string;
  os: string;
}

export const UNKNOWN_DEVICE: SessionDevice = { browser: '', os: '' };

/** A longer User-Agent is cut before parsing: no real browser sends one, and parsing stays cheap. */
const MAX_USER_AGENT = 512;
const MAX_PART = 60;

/**
 * The device of a sign-in, from its User-Agent (ASVS 7.5.2: the shopper recognises their
 * sessions). Only this summary is stored, never the header itself. Empty parts when the header
 * is missing or names no known browser or system (the shop words "unknown" itself).
 */
export function describeDevice(userAgent: string | undefined): SessionDevice {
  const header = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (header === '') return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(header);
  const name = parsed.browser.name ?? '';
  const major = parsed.browser.version?.split('.')[0] ?? '';
  const browser = name === '' || major === '' ? name : `${name} ${major}`;
  return { browser: browser.slice(0, MAX_PART), os: (parsed.os.name ?? '').slice(0, MAX_PART) };
}
