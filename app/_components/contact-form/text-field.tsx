import { FIELD_LIMITS, NAME_PATTERN } from "@/lib/leads/options";
import { described, FieldLabel, FieldMessage, inputClass, type FieldProps } from "./field-parts";

type Props = FieldProps<"company" | "contact" | "email"> & {
  type: "text" | "email";
  autoComplete: string;
  placeholder: string;
};

export function TextField({ name, label, message, type, autoComplete, placeholder }: Props) {
  return (
    <div>
      <FieldLabel name={name}>{label}</FieldLabel>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        required
        maxLength={FIELD_LIMITS[name]}
        // A name a spreadsheet would run as a formula is refused by the browser's own validity, as by the route.
        pattern={type === "text" ? NAME_PATTERN : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={inputClass}
        {...described(name, message)}
      />
      <FieldMessage name={name} message={message} />
    </div>
  );
}
