import type { Address } from '../../../domain/address';

/** The lines of a collapsed tile (SPEC 2): street, neighbourhood, district, city, country, postal code. */
export function AddressSummary({ address }: { address: Address }) {
  const lines = [
    address.streetOrAvenue,
    address.neighbourNameInitialCapital,
    address.subMunicipalityNameInitialCapital,
    address.stateName,
    address.countryName,
    address.postalCode,
  ].filter((line) => line !== '');
  return (
    <address className="address-summary">
      {lines.map((line, index) => (
        // Lines may repeat (a neighbourhood named like its district): the index keeps keys unique.
        <span key={`${index}-${line}`} className="address-summary__line">
          {line}
        </span>
      ))}
    </address>
  );
}
