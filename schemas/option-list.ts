import { defineArrayMember, defineField, type ArrayRule } from "sanity";

type OptionItem = { value?: string };

/** Every option value the code knows must have exactly one label: values are the contract, content names them. */
export function requireEveryValue(values: readonly string[]) {
  return (rule: ArrayRule<OptionItem[]>) =>
    rule.required().custom((items) => {
      const given = (items ?? []).map((i) => i.value);
      const missing = values.filter((v) => !given.includes(v));
      if (missing.length > 0) return `Add a label for: ${missing.join(", ")}`;
      const duplicated = given.filter((v, i) => given.indexOf(v) !== i);
      if (duplicated.length > 0) return `Each value once: ${duplicated.join(", ")} appears twice`;
      const unknown = given.filter((v) => !v || !values.includes(v));
      if (unknown.length > 0) return `Unknown value: ${unknown.join(", ")}`;
      return true;
    });
}

/** An array of {value, label} whose values come from code (lib/leads/options.ts). */
export function optionListField(
  name: string,
  title: string,
  itemType: string,
  values: readonly string[],
  description: string,
) {
  return defineField({
    name,
    title,
    description,
    type: "array",
    of: [defineArrayMember({ type: itemType })],
    options: { sortable: true },
    validation: requireEveryValue(values),
  });
}
