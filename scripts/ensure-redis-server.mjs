// The many-instances tests start a throwaway redis-server (Debian's package). Installs it when this machine
// allows (root + apt), otherwise stops with a one-line instruction.
import { execSync } from "node:child_process";

const binary = process.env.REDIS_SERVER_PATH || "redis-server";
const found = () => {
  try {
    execSync(`${binary} --version`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
if (found()) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
let hasApt = false;
try {
  execSync("command -v apt-get", { stdio: "ignore" });
  hasApt = true;
} catch {}
if (isRoot && hasApt && !process.env.REDIS_SERVER_PATH) {
  console.log("redis-server not found: installing Debian's redis-server package…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server", { stdio: "inherit" });
  if (found()) process.exit(0);
}
console.error("redis-server is missing: run `sudo apt-get install -y redis-server` (or set REDIS_SERVER_PATH to a redis-server binary), then re-run the tests.");
process.exit(1);
