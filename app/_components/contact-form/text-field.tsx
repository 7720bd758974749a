import { LEAD_FIELDS, type TextFieldName } from "@/lib/leads/lead-fields";
import { NAME_PATTERN } from "@/lib/leads/options";
import { described, FieldLabel, FieldMessage, type FieldProps } from "./field-parts";

type Props = FieldProps<TextFieldName> & { placeholder: string };

/** A text input: whether it is required, its type, limit, pattern and autofill token come from its declaration. */
export function TextField({ name, label, message, placeholder }: Props) {
  const field = LEAD_FIELDS[name];
  const { kind, max, autoComplete } = field;
  return (
    <div>
      <FieldLabel name={name}>{label}</FieldLabel>
      <input
        id={`contact-${name}`}
        name={name}
        type={kind === "email" ? "email" : "text"}
        required={!("optional" in field)}
        maxLength={max}
        // A name a spreadsheet would run as a formula is refused by the browser's own validity, as by the route (an
        // email address by the email rule).
        pattern={kind === "name" ? NAME_PATTERN : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className="field-input"
        {...described(name, message)}
      />
      <FieldMessage name={name} message={message} />
    </div>
  );
}
