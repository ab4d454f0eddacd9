import type { Address } from '@shop/core/domain/address';
import './address-summary.css';

/** The lines of a collapsed tile (SPEC 2): street, neighbourhood, district, city, country, postal code. */
type SummaryFields =
  'streetOrAvenue' | 'neighbourNameInitialCapital' | 'subMunicipalityNameInitialCapital' | 'stateName' | 'countryName' | 'postalCode';

export function AddressSummary({ address, inline = false }: { address: Pick<Address, SummaryFields>; inline?: boolean }) {
  const lines = [
    address.streetOrAvenue,
    address.neighbourNameInitialCapital,
    address.subMunicipalityNameInitialCapital,
    address.stateName,
    address.countryName,
    address.postalCode,
  ].filter((line) => line !== '');
  // Inside a button (the checkout picker) only phrasing content is allowed: a span instead of <address>.
  const Container = inline ? 'span' : 'address';
  return (
    <Container className="address-summary">
      {lines.map((line, index) => (
        // Lines may repeat (a neighbourhood named like its district): the index keeps keys unique.
        <span key={`${index}-${line}`} className="address-summary__line">
          {line}
        </span>
      ))}
    </Container>
  );
}
