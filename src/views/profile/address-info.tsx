/** Placeholder: the address book (Address Info on /profile) is built by the address issue. */
export function AddressInfo() {
  return null;
}
