import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { accountMessages } from '../../../texts/account-messages';
import type { AddressDraft } from '../../../stores/address/address-draft';
import { ADDRESS } from '../../../di/modules/address-module';
import { useStore } from '../../../di/react';

/**
 * City -> district -> neighbourhood. Native <select>s on purpose: they take type-ahead (typing
 * the first letters jumps to a match, which keeps hundreds of neighbourhoods usable), open the
 * platform picker on phones, and need no ARIA of their own.
 */
export const LocationSelects = observer(function LocationSelects({ draft }: { draft: AddressDraft }) {
  const referenceData = useStore(ADDRESS.referenceData);
  const id = useId();
  const hintId = `${id}-hint`;
  const { address } = draft;
  const cities = referenceData.cities;
  const subs = draft.subMunicipalities;
  const neighbours = draft.neighbours;
  // A saved value whose list has not arrived yet still shows as chosen.
  const cityMissing = address.stateCode !== '' && !cities.some((city) => city.stateCode === address.stateCode);
  const subMissing = address.subMunicipalityId !== null && !subs.some((sub) => sub.subMunicipalityId === address.subMunicipalityId);
  const neighbourMissing = address.neighbourId !== null && !neighbours.some((neighbour) => neighbour.neighbourId === address.neighbourId);

  return (
    <div className="address-form__location">
      <p id={hintId} className="address-form__hint">
        {accountMessages.address.typeAheadHint}
      </p>
      <div className="address-form__field">
        <label htmlFor={`${id}-city`}>{accountMessages.address.city}</label>
        <select
          id={`${id}-city`}
          aria-describedby={hintId}
          value={address.stateCode}
          onChange={(event) => draft.chooseCity(event.target.value)}
        >
          <option value="">{accountMessages.address.typeSelect}</option>
          {cityMissing ? <option value={address.stateCode}>{address.stateName}</option> : null}
          {cities.map((city) => (
            <option key={city.stateCode} value={city.stateCode}>
              {city.stateName}
            </option>
          ))}
        </select>
      </div>
      <div className="address-form__field">
        <label htmlFor={`${id}-sub`}>{accountMessages.address.subMunicipality}</label>
        <select
          id={`${id}-sub`}
          aria-describedby={hintId}
          value={address.subMunicipalityId ?? ''}
          disabled={address.stateCode === ''}
          onChange={(event) => draft.chooseSubMunicipality(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{accountMessages.address.typeSelect}</option>
          {subMissing ? <option value={address.subMunicipalityId ?? ''}>{address.subMunicipalityNameInitialCapital}</option> : null}
          {subs.map((sub) => (
            <option key={sub.subMunicipalityId} value={sub.subMunicipalityId}>
              {sub.subMunicipalityNameInitialCapital}
            </option>
          ))}
        </select>
      </div>
      <div className="address-form__field">
        <label htmlFor={`${id}-neighbour`}>{accountMessages.address.neighbour}</label>
        <select
          id={`${id}-neighbour`}
          aria-describedby={hintId}
          value={address.neighbourId ?? ''}
          disabled={address.subMunicipalityId === null}
          onChange={(event) => draft.chooseNeighbour(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{accountMessages.address.typeSelect}</option>
          {neighbourMissing ? <option value={address.neighbourId ?? ''}>{address.neighbourNameInitialCapital}</option> : null}
          {neighbours.map((neighbour) => (
            <option key={neighbour.neighbourId} value={neighbour.neighbourId}>
              {neighbour.neighbourNameInitialCapital}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
});
