import { COUNTRIES } from '#contract/constants';
import { fr } from '#contract/messages';

/** The options of a country/region select (spec part 1 section 5). */
export function CountryOptions() {
  return (
    <>
      <option value="">{fr.register.chooseCountry}</option>
      {COUNTRIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </>
  );
}
