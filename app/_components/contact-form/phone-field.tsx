import { fill } from "@/lib/contact/form-messages";
import { LEAD_FIELDS } from "@/lib/leads/lead-fields";
import { PHONE_PATTERN, type PhonePrefix } from "@/lib/leads/options";
import type { Option } from "./form-copy";
import { described, FieldLabel, FieldMessage, SelectBox } from "./field-parts";
import type { PrefixSuggestion } from "./use-field-checks";

type Props = {
  labels: { phonePrefix: string; phone: string };
  placeholder: string;
  prefixes: Option[];
  defaultPrefix: string;
  /** The prefix the select holds now, for the box that shows it. */
  chosenPrefix: string | undefined;
  message: string | undefined;
  /** Another offered prefix the typed number fits, offered as a one-tap switch ("Usar +54"). */
  suggestion: PrefixSuggestion | null;
  usePrefix: string;
  onSwitch: (prefix: PhonePrefix) => void;
};

/** The country code (a select with a default, never missing) and the number, with one message under both. */
export function PhoneField(props: Props) {
  const { labels, placeholder, prefixes, defaultPrefix, chosenPrefix, message, suggestion } = props;
  return (
    <div className="grid grid-cols-[minmax(0,8.5rem)_1fr] gap-3 sm:col-span-2">
      <div>
        <FieldLabel name="phonePrefix">{labels.phonePrefix}</FieldLabel>
        <SelectBox shown={prefixes.find((o) => o.value === chosenPrefix)?.label} placeholder="">
          <select
            id="contact-phonePrefix"
            name="phonePrefix"
            autoComplete={LEAD_FIELDS.phonePrefix.autoComplete}
            defaultValue={defaultPrefix}
            className="peer field-select"
          >
            {prefixes.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </SelectBox>
      </div>
      <div>
        <FieldLabel name="phone">{labels.phone}</FieldLabel>
        <input
          id="contact-phone"
          name="phone"
          type="tel"
          required
          inputMode="tel"
          // The full number a browser fills in ("+52 55 …") is read with its own code, whatever the select shows.
          autoComplete={LEAD_FIELDS.phone.autoComplete}
          pattern={PHONE_PATTERN}
          minLength={LEAD_FIELDS.phone.min}
          maxLength={LEAD_FIELDS.phone.max}
          placeholder={placeholder}
          className="field-input"
          {...described("phone", message)}
        />
      </div>
      <div className="col-span-2 -mt-2 empty:hidden">
        <FieldMessage name="phone" message={message}>
          {suggestion ? (
            <button
              type="button"
              onClick={() => props.onSwitch(suggestion.prefix)}
              className="mt-2 inline-flex h-10 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {fill(props.usePrefix, { code: `+${suggestion.prefix}` })}
            </button>
          ) : null}
        </FieldMessage>
      </div>
    </div>
  );
}
