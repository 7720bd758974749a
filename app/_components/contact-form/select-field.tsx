import type { ChoiceName } from "@/lib/leads/lead-fields";
import type { Option } from "./form-copy";
import { described, FieldLabel, FieldMessage, SelectBox, type FieldProps } from "./field-parts";

type Props = FieldProps<ChoiceName> & {
  placeholder: string;
  options: Option[];
  /** The value the select holds now, for the box that shows it. */
  chosen: string | undefined;
  /** The choice it starts with: empty, or a campaign page's preset. */
  defaultValue?: string;
};

/** A required choice: its placeholder is the disabled first entry, which it starts on unless a value is preset. */
export function SelectField({ name, label, message, placeholder, options, chosen, defaultValue = "" }: Props) {
  return (
    <div>
      <FieldLabel name={name}>{label}</FieldLabel>
      <SelectBox shown={options.find((o) => o.value === chosen)?.label} placeholder={placeholder}>
        <select
          id={`contact-${name}`}
          name={name}
          required
          defaultValue={defaultValue}
          className="peer field-select"
          {...described(name, message)}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </SelectBox>
      <FieldMessage name={name} message={message} />
    </div>
  );
}
