/** Addresses people type, and whether the one email rule (lib/contact/email-rule.ts) takes them: the unit test holds
 * the server to it, the browser test the form. */
export const EMAILS: [string, boolean][] = [
  ["ana@example.com", true],
  ["Ana.Perez@Empresa.com.mx", true],
  ["ana+leads@empresa.com.br", true],
  ["o'neil@empresa.co", true],
  ["ventas@sub.empresa-grande.com.ar", true],
  ["ana@xn--empres-xta.com", true],
  ["ana@empresa.xn--p1ai", true],
  [`${"a".repeat(64)}@example.com`, true],
  ["ana=ventas@empresa.com", true], // signs inside the address are its owner's business
  ["ana@empresa", false], // an intranet name: nobody can write back to it
  ["ana@intranet", false],
  ["ana@empresa.", false],
  ["ana@.empresa.com", false],
  ["ana@empresa..com", false],
  ["ana@-empresa.com", false],
  ["ana@empresa-.com", false],
  ["ana@empresa.c", false],
  ["ana@empresa.123", false],
  ["ana@192.168.0.1", false],
  [".ana@empresa.com", false],
  ["ana.@empresa.com", false],
  ["an..a@empresa.com", false],
  [`${"a".repeat(65)}@example.com`, false],
  [`ana@${"b".repeat(64)}.com`, false],
  ["ana empresa@empresa.com", false],
  ["ana", false],
  ["@empresa.com", false],
  ["ana@@empresa.com", false],
  ["ana@empresa_sa.com", false],
  ["añа@empresa.com", false],
  // What a spreadsheet would run as a formula: valid to the HTML standard, refused by the rule.
  ["=cmd|'/Ccalc'!A0@victim.example", false],
  ["+ana@empresa.com", false],
  ["-ana@empresa.com", false],
];
