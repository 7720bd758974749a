import type { ErrorPageCopy } from "@/lib/content/landing-content";

/** The spec's English, for errors outside a market or when the market's words cannot be read. */
const ENGLISH: ErrorPageCopy = {
  message: "Something went wrong while showing this page. Please try again in a moment.",
  homeLink: "Return to Home",
};

/** The spec's literal title of the fallback screen, also the document's title when the page's own metadata failed. */
export const ERROR_TITLE = "Unexpected Application Error!";

/**
 * The generic fallback screen for unexpected errors (docs/requirements.md#routes-and-languages): the spec's title, then
 * the market's own words and a link to its home page.
 */
export function ErrorFallback({
  digest,
  copy,
  home = "/",
}: {
  digest?: string;
  copy?: ErrorPageCopy | null;
  home?: string;
}) {
  const words = copy ?? ENGLISH;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      {/* The spec's literal title, in English whatever the page's language. */}
      <h1 lang="en" className="text-3xl font-bold text-ink">
        {ERROR_TITLE}
      </h1>
      <p className="text-muted">{words.message}</p>
      {digest ? <p className="text-sm text-muted">Ref.: {digest}</p> : null}
      {/* A full page load on purpose: the client state that just failed is not reused. */}
      <a href={home} className="font-semibold text-brand-700 underline">
        {words.homeLink}
      </a>
    </main>
  );
}
