// Prints the hash a mailbox is kept under on the confirmation email's suppression list (docs/operations.md):
//   node scripts/lead-email-hash.ts <address>
// Every spelling of one mailbox prints the same hash (lib/conversation/mailbox.ts).
import { mailboxHash } from "../lib/conversation/mailbox.ts";

const [address] = process.argv.slice(2);
if (!address) {
  console.error("Usage: node scripts/lead-email-hash.ts <address>");
  process.exit(2);
}
console.log(mailboxHash(address));
